import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { p, prepared } from '../../db/prepared.ts';
import { classRecordings, classSessions } from '../../db/schema/timetable.ts';
import { enrolments } from '../../db/schema/users.ts';

const visibleRecordingQuery = prepared((db) =>
  db
    .select({ id: classRecordings.id, host: classRecordings.host })
    .from(classRecordings)
    .innerJoin(
      classSessions,
      and(eq(classSessions.instituteId, classRecordings.instituteId), eq(classSessions.id, classRecordings.sessionId)),
    )
    .innerJoin(
      enrolments,
      and(
        eq(enrolments.instituteId, classSessions.instituteId),
        eq(enrolments.batchId, classSessions.batchId),
        eq(enrolments.studentId, p('studentId')),
        eq(enrolments.academicYearId, p('academicYearId')),
      ),
    )
    .where(
      and(
        eq(classRecordings.instituteId, p('instituteId')),
        eq(classRecordings.providerVideoId, p('videoId')),
        ne(classRecordings.host, 'aws'),
      ),
    )
    .orderBy(asc(classRecordings.id))
    .limit(1)
    .prepare('live_visible_recording'),
);

/**
 * The vimeo or vdocipher recording holding `videoId` of a class for one of the student's batches (sections) in the
 * academic year, or undefined: the (institute, provider video id) index finds the recordings, the enrolment primary
 * key checks the batch.
 */
export async function findVisibleProviderRecording(
  db: Db,
  values: { instituteId: number; studentId: number; academicYearId: number; videoId: string },
) {
  const [row] = await visibleRecordingQuery(db, values);
  return row as { id: number; host: 'vimeo' | 'vdocipher' } | undefined;
}

/** Adds plays and watched seconds to one recording. */
export async function addRecordingWatch(
  db: Db,
  instituteId: number,
  recordingId: number,
  plays: number,
  seconds: number,
) {
  await db
    .update(classRecordings)
    .set({
      watchCount: sql`${classRecordings.watchCount} + ${plays}`,
      watchSeconds: sql`${classRecordings.watchSeconds} + ${seconds}`,
    })
    .where(and(eq(classRecordings.instituteId, instituteId), eq(classRecordings.id, recordingId)));
}
