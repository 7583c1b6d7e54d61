import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent, type TestInstitute } from '../../test/factories/institutes.ts';
import { useInstituteDatabase } from '../../test/institute-database.ts';
import type { Db } from '../db/client.ts';
import {
  batchRows,
  deleteEnrolments,
  enrolStudents,
  findEnrolments,
  standardRows,
  updateEnrolments,
} from './academics.writer.ts';

// The academic frame's writer, which the admin API, the demo and the factories all write years, standards, batches,
// subjects and enrolments through.
describe('the academic frame writer', () => {
  const opened = useInstituteDatabase();
  let db: Db;
  let school: TestInstitute;
  beforeAll(() => {
    ({ db, school } = opened);
  });

  it("puts an enrolment in its batch's academic year, whatever year the batch is", async () => {
    const { studentId } = await createStudent(db, school, { years: [] });
    await enrolStudents(db, school.id, [
      { studentId, batchId: school.previousYear.batchId, rollNo: 4 },
      { studentId, batchId: school.currentYear.batchId },
    ]);
    const stored = await findEnrolments(db, school.id, [
      [studentId, school.previousYear.batchId],
      [studentId, school.currentYear.batchId],
    ]);
    expect(stored.map(({ batchId, academicYearId, rollNo }) => ({ batchId, academicYearId, rollNo }))).toEqual(
      expect.arrayContaining([
        { batchId: school.previousYear.batchId, academicYearId: school.previousYear.id, rollNo: 4 },
        { batchId: school.currentYear.batchId, academicYearId: school.currentYear.id, rollNo: 0 },
      ]),
    );
    await updateEnrolments(db, school.id, [{ studentId, batchId: school.currentYear.batchId, rollNo: 9 }]);
    await deleteEnrolments(db, school.id, [[studentId, school.previousYear.batchId]]);
    const after = await findEnrolments(db, school.id, [
      [studentId, school.previousYear.batchId],
      [studentId, school.currentYear.batchId],
    ]);
    expect(after.map(({ batchId, rollNo }) => ({ batchId, rollNo }))).toEqual([
      { batchId: school.currentYear.batchId, rollNo: 9 },
    ]);
  });

  it('answers new rows’ ids in the order given, and changes only the columns given', async () => {
    const ids = await standardRows.create(db, school.id, [{ name: 'Class 7' }, { name: 'Class 8' }]);
    const stored = await standardRows.find(db, school.id, ids);
    expect(ids.map((id) => stored.get(id)?.name)).toEqual(['Class 7', 'Class 8']);
    const [batchId] = await batchRows.create(db, school.id, [
      { standardId: ids[0]!, academicYearId: school.currentYear.id, name: 'B' },
    ]);
    await batchRows.update(db, school.id, batchId!, { name: 'C' });
    expect((await batchRows.find(db, school.id, [batchId!])).get(batchId!)).toMatchObject({
      name: 'C',
      standardId: ids[0],
      academicYearId: school.currentYear.id,
    });
  });
});
