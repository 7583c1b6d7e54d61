import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent, type TestInstitute } from '../../../test/factories/institutes.ts';
import { useInstituteDatabase } from '../../../test/institute-database.ts';
import { fixedNow } from '../../../test/template.ts';
import type { Db } from '../../db/client.ts';
import {
  createClassSessions,
  createRecordings,
  deleteClassSessions,
  findAttendance,
  findClassSessionRows,
  findKeptClassSessions,
  markAttendance,
  updateClassSession,
  type ClassSessionValues,
} from './timetable.writer.ts';

// The timetable writer's rules, which the admin API, the demo and the factories all write class sessions, their
// recordings and attendance through.
describe('the timetable writer', () => {
  const opened = useInstituteDatabase();
  let db: Db;
  let school: TestInstitute;
  beforeAll(() => {
    ({ db, school } = opened);
  });

  const classOf = (overrides: Partial<ClassSessionValues> = {}): ClassSessionValues => ({
    batchId: school.currentYear.batchId,
    classType: 'Class',
    startsAt: fixedNow,
    durationMinutes: 45,
    ...overrides,
  });

  it('answers new sessions’ ids in the order given, and keeps each teacher once in the order given', async () => {
    const ids = await createClassSessions(db, school.id, [
      classOf({ name: 'first', teacherIds: [] }),
      classOf({ name: 'second' }),
    ]);
    const stored = await findClassSessionRows(db, school.id, ids);
    expect(ids.map((id) => stored.get(id)?.name)).toEqual(['first', 'second']);
    // Teacher ids are not checked by a foreign key (a list column): the rule is the writer's.
    await updateClassSession(db, school.id, ids[0]!, { teacherIds: [7, 3, 7, 3] });
    expect((await findClassSessionRows(db, school.id, [ids[0]!])).get(ids[0]!)?.teacherIds).toEqual([7, 3]);
  });

  it("gives a mark its session's batch, also when the session moves to another batch", async () => {
    const [sessionId] = await createClassSessions(db, school.id, [classOf()]);
    const { studentId } = await createStudent(db, school);
    await markAttendance(db, school.id, [{ sessionId: sessionId!, studentId, status: 'A' }]);
    const [mark] = await findAttendance(db, school.id, [[sessionId!, studentId]]);
    expect(mark).toMatchObject({ batchId: school.currentYear.batchId, status: 'A', remark: '', homeworkStatus: '' });
    await updateClassSession(db, school.id, sessionId!, { batchId: school.previousYear.batchId });
    const [moved] = await findAttendance(db, school.id, [[sessionId!, studentId]]);
    expect(moved?.batchId).toBe(school.previousYear.batchId);
  });

  it('keeps a session with attendance or recordings, naming why, and deletes one with neither', async () => {
    const [marked, recorded, bare] = await createClassSessions(db, school.id, [classOf(), classOf(), classOf()]);
    const { studentId } = await createStudent(db, school);
    await markAttendance(db, school.id, [{ sessionId: marked!, studentId, status: 'P' }]);
    await createRecordings(db, school.id, [
      {
        sessionId: recorded!,
        host: 'vimeo',
        name: 'part 1',
        providerVideoId: '1',
        recordedAt: fixedNow,
        uploadedAt: fixedNow,
      },
    ]);
    const kept = await findKeptClassSessions(db, school.id, [marked!, recorded!, bare!]);
    expect(Object.fromEntries(kept)).toEqual({
      [marked!]: 'has attendance of 1 students, so it cannot be deleted',
      [recorded!]: 'has 1 recordings, so it cannot be deleted',
    });
    await deleteClassSessions(db, school.id, [bare!]);
    expect([...(await findClassSessionRows(db, school.id, [marked!, recorded!, bare!])).keys()].sort()).toEqual(
      [marked!, recorded!].sort(),
    );
  });
});
