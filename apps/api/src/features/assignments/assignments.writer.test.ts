import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAssignment } from '../../../test/factories/assignments.ts';
import { createStudent, createSubject, type TestInstitute } from '../../../test/factories/institutes.ts';
import { useInstituteDatabase } from '../../../test/institute-database.ts';
import { fixedNow } from '../../../test/template.ts';
import type { Db } from '../../db/client.ts';
import { assignmentAttachments, submissions } from '../../db/schema/assignments.ts';
import {
  clearEvaluations,
  deleteAssignments,
  evaluatePaperWork,
  evaluateSubmissions,
  findSubmissions,
  findAssignments,
  findKeptAssignments,
  updateAssignment,
  type AssignmentFile,
} from './assignments.writer.ts';

// The assignments writer's rules, which the admin API, the demo and the factories all write assignments through.
describe('the assignments writer', () => {
  const opened = useInstituteDatabase();
  let db: Db;
  let school: TestInstitute;
  let subjectId: number;
  beforeAll(async () => {
    ({ db, school } = opened);
    subjectId = await createSubject(db, school);
  });

  const sheet: AssignmentFile = {
    kind: 'teacher',
    fileKey: '2026/sheet.pdf',
    displayName: 'Sheet.pdf',
    sizeBytes: 10,
    sha256: '',
  };
  const solution: AssignmentFile = { ...sheet, kind: 'solution', fileKey: '2026/solution.pdf', displayName: 'Key.pdf' };
  const attachmentIds = async (assignmentId: number) =>
    (
      await db
        .select({ id: assignmentAttachments.id })
        .from(assignmentAttachments)
        .where(
          and(eq(assignmentAttachments.instituteId, school.id), eq(assignmentAttachments.assignmentId, assignmentId)),
        )
        .orderBy(assignmentAttachments.id)
    ).map((row) => row.id);

  it('reads an assignment back with its own files, teacher’s first, as written', async () => {
    const id = await createAssignment(db, school, subjectId, { files: [solution, sheet] });
    const stored = (await findAssignments(db, school.id, [id])).get(id)!;
    expect(stored.files).toEqual([sheet, solution]);
  });

  it('keeps the files’ ids when they are written again unchanged, and replaces them when they change', async () => {
    const id = await createAssignment(db, school, subjectId, { files: [sheet] });
    const before = await attachmentIds(id);
    // A student has the sheet open by its id: an unchanged rerun must not move it.
    await updateAssignment(db, school.id, id, { title: 'Renamed', files: [sheet] }, fixedNow);
    expect(await attachmentIds(id)).toEqual(before);
    await updateAssignment(db, school.id, id, { files: [sheet, solution] }, fixedNow);
    const after = await findAssignments(db, school.id, [id]);
    expect(after.get(id)).toMatchObject({ title: 'Renamed', files: [sheet, solution] });
    expect(await attachmentIds(id)).not.toEqual(before);
  });

  it('keeps an assignment with students’ work, naming why, and deletes one without', async () => {
    const [worked, untouched] = [
      await createAssignment(db, school, subjectId),
      await createAssignment(db, school, subjectId, { files: [sheet] }),
    ];
    const { studentId } = await createStudent(db, school);
    await db
      .insert(submissions)
      .values({ instituteId: school.id, assignmentId: worked, studentId, status: 'Draft', updatedAt: fixedNow });
    expect(Object.fromEntries(await findKeptAssignments(db, school.id, [worked, untouched]))).toEqual({
      [worked]: "has 1 students' submissions, so it cannot be deleted",
    });
    await deleteAssignments(db, school.id, [untouched]);
    expect([...(await findAssignments(db, school.id, [worked, untouched])).keys()]).toEqual([worked]);
    expect(await attachmentIds(untouched)).toEqual([]);
  });

  it('evaluates work handed in on paper as a submission, evaluates submitted work, and takes evaluations back', async () => {
    const assignmentId = await createAssignment(db, school, subjectId);
    const onPaper = await createStudent(db, school);
    const online = await createStudent(db, school);
    await db.insert(submissions).values({
      instituteId: school.id,
      assignmentId,
      studentId: online.studentId,
      status: 'Submitted',
      studentComment: 'Mine',
      updatedAt: fixedNow,
    });
    await evaluatePaperWork(
      db,
      school.id,
      [{ assignmentId, studentId: onPaper.studentId, marks: 15, grade: 'B', teacherComment: 'Neat' }],
      fixedNow,
    );
    await evaluateSubmissions(db, school.id, [
      { assignmentId, studentId: online.studentId, marks: null, grade: '', teacherComment: '' },
    ]);
    const pairs = [
      [assignmentId, onPaper.studentId],
      [assignmentId, online.studentId],
    ] as const;
    const evaluated = new Map((await findSubmissions(db, school.id, pairs)).map((row) => [row.studentId, row]));
    expect(evaluated.get(onPaper.studentId)).toMatchObject({
      status: 'Submitted',
      submittedAt: fixedNow,
      teacherStatus: 'Evaluated',
      marks: 15,
      grade: 'B',
    });
    expect(evaluated.get(online.studentId)).toMatchObject({ teacherStatus: 'Evaluated', studentComment: 'Mine' });
    await clearEvaluations(db, school.id, pairs);
    for (const row of await findSubmissions(db, school.id, pairs)) {
      expect(row).toMatchObject({
        status: 'Submitted',
        teacherStatus: 'Pending',
        marks: null,
        grade: '',
        teacherComment: '',
      });
    }
  });
});
