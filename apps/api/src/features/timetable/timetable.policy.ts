import { notFound, type AreaPolicies } from '../../access/policies.ts';
import { findClassSession, findRecording, type ClassSessionRow, type RecordingRow } from './index.ts';

declare module '../../access/scope.ts' {
  interface RequestScope {
    /** The class session a declared `classSession` id named, once its policy allowed it. */
    classSession?: ClassSessionRow;
    /** The recording a declared `recording` id named, once its policy allowed it. */
    recording?: RecordingRow;
  }
}

/** The class sessions' ids (timetable and live): a session or recording of one of the student's batches. */
export const timetablePolicies = {
  async classSession(scope, value) {
    const row = await findClassSession(scope.db, scope.session.instituteId, await scope.batchIds(), value as number);
    if (!row) throw notFound();
    scope.classSession = row;
  },
  async recording(scope, value) {
    const row = await findRecording(scope.db, scope.session.instituteId, await scope.batchIds(), value as number);
    if (!row) throw notFound();
    scope.recording = row;
  },
} satisfies AreaPolicies;
