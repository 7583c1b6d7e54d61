// The timetable area's public face: the one schedule model (class sessions) that the live classes share, and the
// session and recording the access policies load.
export {
  findClassSession,
  findTimetableSessions,
  findLiveSessions,
  findRecording,
  type ClassSessionRow,
  type RecordingRow,
  type SessionRow,
} from './class-sessions.repository.ts';
export {
  linkOnceStarted,
  recordingFlags,
  recordingsBySession,
  sessionTimes,
  teacherPhotoUrls,
} from './class-sessions.ts';
export { findMarksBetween } from './timetable.repository.ts';
export * from './timetable.writer.ts';
