// The home area's public face: its writer (notices and banners), for the admin API, the demo seed and the test
// factories, and the notices addressed to a student (Today).
// The repository's list is the student's (the writer's `findAnnouncements` loads the admin API's rows by id).
export { findAnnouncements as findStudentAnnouncements } from './home.repository.ts';
export * from './home.writer.ts';
