// What other areas may use of the timetable: its page's address (an absence alert opens it on its day).
export { timetablePages } from './timetable.page.ts';
