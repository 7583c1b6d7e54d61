import { endOfDayInZone } from '@campus/domain/calendar/calendar';
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { Storage } from '../../lib/storage.ts';
import {
  assignmentAttachments,
  assignments,
  batches,
  enrolments,
  institutes,
  students,
  subjects,
  submissions,
  users,
} from '../schema/index.ts';
import { demoLogins } from './demo-accounts.ts';
import { tinyPdf } from './demo-files.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

async function seedFor(tx: Tx, storage: Storage, now: Date, instituteName: string, login: string) {
  const [institute] = await tx.select().from(institutes).where(eq(institutes.name, instituteName));
  const byLogin = login.includes('@') ? eq(users.email, login) : eq(users.phone, login);
  const [student] = await tx
    .select({ id: students.id })
    .from(students)
    .innerJoin(users, and(eq(users.instituteId, students.instituteId), eq(users.id, students.userId)))
    .where(and(eq(students.instituteId, institute!.id), byLogin, eq(users.userType, 1)));
  const [enrolment] = await tx
    .select({ batchId: enrolments.batchId, standardId: batches.standardId })
    .from(enrolments)
    .innerJoin(batches, and(eq(batches.instituteId, enrolments.instituteId), eq(batches.id, enrolments.batchId)))
    .where(and(eq(enrolments.instituteId, institute!.id), eq(enrolments.studentId, student!.id)))
    .orderBy(asc(enrolments.academicYearId))
    .then((rows) => rows.slice(-1));
  const subjectRows = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.instituteId, institute!.id), eq(subjects.standardId, enrolment!.standardId)))
    .orderBy(asc(subjects.id));
  const lastMinuteToday = new Date(endOfDayInZone(now, institute!.timeZone).getTime() - 60_000);

  for (const plan of plans) {
    const dueAt = plan.due === 'today' ? lastMinuteToday : new Date(now.getTime() + plan.due);
    const [assignment] = await tx
      .insert(assignments)
      .values({
        instituteId: institute!.id,
        batchId: enrolment!.batchId,
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
      })
      .returning({ id: assignments.id });
    const sheet = tinyPdf(`${plan.title} - question sheet`);
    const sheetFile = await storage.putBuffer(sheet, 'pdf');
    await tx.insert(assignmentAttachments).values({
      instituteId: institute!.id,
      assignmentId: assignment!.id,
      kind: 'teacher',
      displayName: `${plan.title.split(':')[0]} - question sheet.pdf`,
      fileKey: sheetFile.key,
      sizeBytes: sheetFile.size,
    });
    if (plan.solution) {
      const solution = await storage.putBuffer(tinyPdf(`${plan.title} - solution`), 'pdf');
      await tx.insert(assignmentAttachments).values({
        instituteId: institute!.id,
        assignmentId: assignment!.id,
        kind: 'solution',
        displayName: 'Solution.pdf',
        fileKey: solution.key,
        sizeBytes: solution.size,
      });
    }
    if (plan.state === 'none') continue;
    const isSubmitted = plan.state === 'submitted' || plan.state === 'evaluated';
    const [submission] = await tx
      .insert(submissions)
      .values({
        instituteId: institute!.id,
        assignmentId: assignment!.id,
        studentId: student!.id,
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
        instituteId: institute!.id,
        assignmentId: assignment!.id,
        submissionId: submission!.id,
        kind: 'student_file',
        displayName: 'my-answers.txt',
        fileKey: answerFile.key,
        sizeBytes: answerFile.size,
        sha256: sha(answer),
      },
      {
        instituteId: institute!.id,
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

/** Assignments in every state the screens show, for the Greenfield and Apex demo students. */
export async function seedDemoAssignments(tx: Tx, storage: Storage, now: Date): Promise<void> {
  await seedFor(tx, storage, now, 'Greenfield Public School', demoLogins.greenfieldStudent);
  await seedFor(tx, storage, now, 'Apex Coaching Institute', demoLogins.apexStudent);
}
