import { endOfDayInZone } from '@campus/domain/calendar/calendar';
import { createHash } from 'node:crypto';
import { assignmentFile, createAssignments } from './index.ts';
import { assignmentAttachments, submissions } from '../../db/schema/assignments.ts';
import type { DemoContext, DemoInstitute } from '../../db/seed/context.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';
import { tinyPdf } from '../../db/seed/demo-files.ts';

const hour = 60 * 60 * 1000;
const day = 24 * hour;

interface Plan {
  title: string;
  subject: number;
  /** Due instant relative to now (ms), or 'today' for 23:59 today in Kolkata. */
  due: number | 'today';
  late?: boolean;
  grade?: boolean;
  solution?: boolean;
  state: 'none' | 'draft' | 'submitted' | 'evaluated';
}

const plans: Plan[] = [
  { title: 'Chapter 5 exercise: fractions', subject: 2, due: 5 * day, state: 'none' },
  { title: 'Essay: my favourite festival', subject: 0, due: 1 * day + 2 * hour, state: 'draft' },
  { title: 'Worksheet: light and shadows', subject: 3, due: 3 * day, state: 'submitted' },
  { title: 'Map work: rivers of India', subject: 4, due: 'today', state: 'none' },
  { title: 'Poem recitation recording', subject: 1, due: 12 * day, state: 'none' },
  { title: 'Lab record: acids and bases', subject: 3, due: -4 * day, grade: true, solution: true, state: 'evaluated' },
  { title: 'Practice set: algebra basics', subject: 2, due: -2 * day, late: true, state: 'none' },
  { title: 'Book review: any novel', subject: 0, due: -6 * day, state: 'none' },
  { title: 'Project: water conservation', subject: 4, due: -3 * day, late: true, state: 'draft' },
];

/** Diya (the other child of 9000000002): homework due tomorrow, so a parent's Today has a line for each child. */
const diyaPlans: Plan[] = [{ title: 'Diagram: parts of a flower', subject: 3, due: 1 * day, state: 'none' }];

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

async function seedFor(
  { tx, storage, now }: DemoContext,
  institute: DemoInstitute,
  login: string,
  studentPlans: Plan[] = plans,
) {
  const student = institute.account(login, 1);
  const batchId = student.batchIds[0]!;
  const { standardId } = institute.batches.find((batch) => batch.id === batchId)!;
  const subjectRows = institute.subjects.filter((subject) => subject.standardId === standardId);
  const lastMinuteToday = new Date(endOfDayInZone(now, institute.timeZone).getTime() - 60_000);

  for (const plan of studentPlans) {
    const dueAt = plan.due === 'today' ? lastMinuteToday : new Date(now.getTime() + plan.due);
    const sheet = await storage.putBuffer(tinyPdf(`${plan.title} - question sheet`), 'pdf');
    const solution = plan.solution ? await storage.putBuffer(tinyPdf(`${plan.title} - solution`), 'pdf') : undefined;
    const [assignmentId] = await createAssignments(
      tx,
      institute.id,
      [
        {
          batchId: batchId,
          subjectId: subjectRows[plan.subject % subjectRows.length]!.id,
          title: plan.title,
          topicName: 'Term 2',
          subTopicName: plan.title.split(':')[0]!,
          descriptionHtml: `<p>${plan.title}. Show your working and write neatly.</p><ul><li>Use the attached sheet</li><li>Submit before the due time</li></ul>`,
          dueAt,
          isLateAllowed: plan.late ?? false,
          isGradeEnabled: plan.grade ?? false,
          maxMarks: 20,
          isSolutionReleased: plan.solution ?? false,
          files: [
            assignmentFile('teacher', {
              displayName: `${plan.title.split(':')[0]} - question sheet.pdf`,
              fileKey: sheet.key,
              sizeBytes: sheet.size,
            }),
            ...(solution
              ? [
                  assignmentFile('solution', {
                    displayName: 'Solution.pdf',
                    fileKey: solution.key,
                    sizeBytes: solution.size,
                  }),
                ]
              : []),
          ],
        },
      ],
      now,
    );
    const assignment = { id: assignmentId! };
    if (plan.state === 'none') continue;
    const isSubmitted = plan.state === 'submitted' || plan.state === 'evaluated';
    const [submission] = await tx
      .insert(submissions)
      .values({
        instituteId: institute.id,
        assignmentId: assignment!.id,
        studentId: student.studentId!,
        status: isSubmitted ? 'Submitted' : 'Draft',
        studentComment: isSubmitted ? 'Done, please check.' : 'Half done, finishing tonight.',
        submittedAt: isSubmitted ? new Date(dueAt.getTime() - day) : null,
        updatedAt: new Date(now.getTime() - hour),
        teacherStatus: plan.state === 'evaluated' ? 'Evaluated' : 'Pending',
        marks: plan.state === 'evaluated' ? 17 : null,
        grade: plan.state === 'evaluated' ? 'A' : '',
        teacherComment: plan.state === 'evaluated' ? 'Well labelled diagrams. Revise the pH scale.' : '',
      })
      .returning({ id: submissions.id });
    const answer = `My answers for ${plan.title}\n1. ...\n2. ...\n`;
    const answerFile = await storage.putBuffer(answer, 'txt');
    await tx.insert(assignmentAttachments).values([
      {
        instituteId: institute.id,
        assignmentId: assignment!.id,
        submissionId: submission!.id,
        kind: 'student_file',
        displayName: 'my-answers.txt',
        fileKey: answerFile.key,
        sizeBytes: answerFile.size,
        sha256: sha(answer),
      },
      {
        instituteId: institute.id,
        assignmentId: assignment!.id,
        submissionId: submission!.id,
        kind: 'student_link',
        displayName: 'Reference video',
        url: 'https://www.khanacademy.org/science',
        remarks: 'Watched this for the diagrams',
      },
    ]);
  }
}

/** Assignments in every state the screens show, for the Greenfield and Apex demo students; one for Diya. */
export async function seed(context: DemoContext): Promise<void> {
  await seedFor(context, context.institutes.greenfield, demoLogins.greenfieldStudent);
  await seedFor(context, context.institutes.apex, demoLogins.apexStudent);
  await seedFor(context, context.institutes.greenfield, '9000000021', diyaPlans);
}
