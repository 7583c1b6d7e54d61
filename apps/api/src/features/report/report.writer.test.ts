import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent, type TestInstitute } from '../../../test/factories/institutes.ts';
import { useInstituteDatabase } from '../../../test/institute-database.ts';
import type { Db } from '../../db/client.ts';
import {
  deleteOfflineResults,
  findOfflineExamResults,
  findOfflineResults,
  offlineExamRows,
  offlineResultKey,
  recordOfflineResults,
  updateOfflineResults,
} from './report.writer.ts';

// The report writer, which the admin API, the demo and the factories write offline exams and their results through.
describe('the report writer', () => {
  const opened = useInstituteDatabase();
  let db: Db;
  let school: TestInstitute;
  beforeAll(() => {
    ({ db, school } = opened);
  });

  it("records, changes and deletes results, and reads each exam's takers and top marks per subject", async () => {
    const [examId] = await offlineExamRows.create(db, school.id, [
      {
        batchId: school.currentYear.batchId,
        examDate: school.today,
        startTime: '09:30',
        endTime: '11:00',
        subjects: [
          { name: 'Maths', totalMarks: 50 },
          { name: 'Science', totalMarks: 50 },
        ],
      },
    ]);
    const [first, second] = [await createStudent(db, school), await createStudent(db, school)];
    const result = (studentId: number, subjectName: string, marksObtained: number | null) => ({
      examId: examId!,
      studentId,
      subjectName,
      attendance: marksObtained === null ? 'A' : 'P',
      marksObtained,
      rank: null,
    });
    await recordOfflineResults(db, school.id, [
      result(first!.studentId, 'Maths', 40.5),
      result(second!.studentId, 'Maths', null),
      result(first!.studentId, 'Science', 30),
    ]);
    await updateOfflineResults(db, school.id, [result(second!.studentId, 'Maths', 45)]);
    const summary = (await findOfflineExamResults(db, school.id, [examId!])).get(examId!)!;
    expect(summary.students).toBe(2);
    expect(Object.fromEntries(summary.subjects)).toEqual({ Maths: 45, Science: 30 });
    await deleteOfflineResults(db, school.id, [[examId!, first!.studentId, 'Science']]);
    const stored = await findOfflineResults(db, school.id, [
      [examId!, first!.studentId, 'Maths'],
      [examId!, first!.studentId, 'Science'],
    ]);
    expect([...stored.keys()]).toEqual([offlineResultKey(examId!, first!.studentId, 'Maths')]);
    expect(stored.get(offlineResultKey(examId!, first!.studentId, 'Maths'))?.marksObtained).toBe(40.5);
  });
});
