// Test rows of the timetable area (see ./institutes.ts for the conventions).
import type { Db } from '../../src/db/client.ts';
import type { Storage } from '../../src/lib/storage.ts';
import * as timetableWriter from '../../src/features/timetable/index.ts';
import { fixedNow } from '../template.ts';
import { nextNumber, type TestInstitute } from './institutes.ts';

/** A teacher, with a photo in `storage` when given. */
export async function createTeacher(
  db: Db,
  institute: TestInstitute,
  { name = `Teacher ${nextNumber()}`, storage }: { name?: string; storage?: Storage } = {},
) {
  const photoFileKey = storage
    ? (await storage.putBuffer('<svg xmlns="http://www.w3.org/2000/svg"/>', 'svg')).key
    : null;
  const [id] = await timetableWriter.createTeachers(db, institute.id, [{ name, photoFileKey }]);
  return id!;
}

/** A class session of the institute's current batch (unless told): a 60-minute online class at `fixedNow`. */
export async function createClassSession(
  db: Db,
  institute: TestInstitute,
  overrides: Partial<timetableWriter.ClassSessionValues> = {},
) {
  const [id] = await timetableWriter.createClassSessions(db, institute.id, [
    {
      batchId: institute.currentYear.batchId,
      classType: 'Online Class',
      name: `Live class ${nextNumber()}`,
      startsAt: fixedNow,
      durationMinutes: 60,
      meetingWith: 'Zoom',
      sessionLink: `https://meet.example.com/${nextNumber()}`,
      ...overrides,
    },
  ]);
  return id!;
}

/** A recording of a session: an aws file of `bytes` in `storage`, or a provider's video id. */
export async function createRecording(
  db: Db,
  institute: TestInstitute,
  sessionId: number,
  options: { host: 'aws'; bytes: Buffer; storage: Storage } | { host: 'vimeo' | 'vdocipher'; videoId: string },
) {
  const source =
    options.host === 'aws'
      ? { fileKey: (await options.storage.putBuffer(options.bytes, 'mp4')).key, sizeBytes: options.bytes.length }
      : { providerVideoId: options.videoId, sizeBytes: 1_048_576 };
  const [id] = await timetableWriter.createRecordings(db, institute.id, [
    {
      sessionId,
      host: options.host,
      name: `Recording ${nextNumber()}`,
      durationSeconds: 12,
      recordedAt: fixedNow,
      uploadedAt: fixedNow,
      ...source,
    },
  ]);
  return id!;
}

/** A student's attendance at a session: present unless told (the writer gives the mark its session's batch). */
export async function markAttendance(
  db: Db,
  institute: TestInstitute,
  studentId: number,
  sessionId: number,
  overrides: Partial<Omit<timetableWriter.AttendanceValues, 'studentId' | 'sessionId'>> = {},
) {
  await timetableWriter.markAttendance(db, institute.id, [{ studentId, sessionId, status: 'P', ...overrides }]);
}
