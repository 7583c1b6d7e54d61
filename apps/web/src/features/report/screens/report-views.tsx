// Exam Reports' views past the first one, loaded when opened as one chunk (issue 28: /report's first load ≤ 150 KB
// of script): a result (its tables), the offline tab (its subject chips and radio buttons) and the bookmarked
// questions.
export { BookmarksView } from './bookmarks-view.tsx';
export { OfflineReports } from './offline-reports.tsx';
export { ResultView } from './result-view.tsx';
