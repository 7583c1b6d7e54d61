// Test rows of the assignments area (see ./institutes.ts for the conventions).
import { createHash } from 'node:crypto';
import type { Db } from '../../src/db/client.ts';
import { assignmentAttachments, submissions } from '../../src/db/schema/assignments.ts';
import * as assignmentsWriter from '../../src/features/assignments/index.ts';
import type { Storage } from '../../src/lib/storage.ts';
import { fixedNow } from '../template.ts';
import { nextNumber, type TestInstitute } from './institutes.ts';

/** An assignment of the institute's current batch in `subjectId`, due a week after `fixedNow` unless told. */
export async function createAssignment(
  db: Db,
  institute: TestInstitute,
  subjectId: number,
  overrides: Partial<assignmentsWriter.AssignmentValues> = {},
) {
  const [id] = await assignmentsWriter.createAssignments(
    db,
    institute.id,
    [
      {
        batchId: institute.currentYear.batchId,
        subjectId,
        title: `Assignment ${nextNumber()}`,
        dueAt: new Date(fixedNow.getTime() + 7 * 86_400_000),
        ...overrides,
      },
    ],
    fixedNow,
  );
  return id!;
}

/**
 * A student's work on an assignment as the submission service leaves it: a draft (or `status`) with one answer
 * file stored in `storage` ('my-answers.txt') and one link ('Reference video'), in that order. `evaluation` marks
 * submitted work evaluated with its marks, grade and comment.
 */
export async function createSubmission(
  db: Db,
  storage: Storage,
  institute: TestInstitute,
  assignmentId: number,
  studentId: number,
  {
    status = 'Draft',
    studentComment = status === 'Draft' ? 'Half done, finishing tonight.' : 'Done, please check.',
    submittedAt = status === 'Submitted' ? fixedNow : null,
    evaluation,
  }: {
    status?: 'Draft' | 'Submitted';
    studentComment?: string;
    submittedAt?: Date | null;
    evaluation?: { marks: number | null; grade: string; teacherComment: string };
  } = {},
) {
  const [submission] = await db
    .insert(submissions)
    .values({
      instituteId: institute.id,
      assignmentId,
      studentId,
      status,
      studentComment,
      submittedAt,
      updatedAt: new Date(fixedNow.getTime() - 3_600_000),
    })
    .returning({ id: submissions.id });
  const submissionId = submission!.id;
  const answer = `My answers ${nextNumber()}\n1. ...\n2. ...\n`;
  const answerFile = await storage.putBuffer(answer, 'txt');
  await db.insert(assignmentAttachments).values([
    {
      instituteId: institute.id,
      assignmentId,
      submissionId,
      kind: 'student_file',
      displayName: 'my-answers.txt',
      fileKey: answerFile.key,
      sizeBytes: answerFile.size,
      sha256: createHash('sha256').update(answer).digest('hex'),
      createdAt: fixedNow,
    },
    {
      instituteId: institute.id,
      assignmentId,
      submissionId,
      kind: 'student_link',
      displayName: 'Reference video',
      url: 'https://www.khanacademy.org/science',
      remarks: 'Watched this for the diagrams',
      createdAt: fixedNow,
    },
  ]);
  if (evaluation) {
    await assignmentsWriter.evaluateSubmissions(db, institute.id, [{ assignmentId, studentId, ...evaluation }]);
  }
  return submissionId;
}
