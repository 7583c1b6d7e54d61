// What other features may use of live classes: starting a class and a recording's address (the timetable's
// schedule cards start the same classes and play the same recordings).
export { recordingAddress, startSession } from './api/live.ts';
