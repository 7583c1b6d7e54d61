// What other areas may use of live classes: its page's address (an alert opens it).
export { livePages } from './live.page.ts';
