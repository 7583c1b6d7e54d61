// What other areas may use of exam reports: its page's address (a result's alert opens it).
export { reportPages } from './report.page.ts';
