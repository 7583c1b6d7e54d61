import type { Session } from '@campus/domain/auth/auth.contract';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endOfDayInZone } from '@campus/domain/calendar/calendar';
import { postLogin, signIn } from '../../../test/auth-helpers.ts';
import { createAssignment, createSubmission } from '../../../test/factories/assignments.ts';
import {
  createInstitute,
  createParent,
  createStudent,
  createSubject,
  enrol,
  factoryPassword,
} from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp, createTestStorage, fixedNow } from '../../../test/helpers.ts';
import { multipart, pdfBytes, textBytes, type FilePart } from '../../../test/multipart.ts';
import * as academicsWriter from '../../access/academics.writer.ts';
import { assignments } from '../../db/schema/assignments.ts';
import { assignmentFile } from './index.ts';

const hour = 60 * 60 * 1000;
const day = 24 * hour;

/** The student's assignments: due relative to `fixedNow` (or 23:59 today), and the state of the student's work. */
const plans: {
  title: string;
  subject: number;
  due: number | 'today';
  late?: boolean;
  grade?: boolean;
  solution?: boolean;
  state: 'none' | 'draft' | 'submitted' | 'evaluated';
}[] = [
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

interface ListItem {
  file_id: number;
  title: string;
  student_status: string;
  teacher_status: string;
  days_left: number;
  time_left: string;
}

// Built from factories: a school (at localhost) whose student has nine assignments in every state the screens show,
// with the student's parent and a student of another section; a coaching institute (at apex.localhost) with a
// student of its own.
describe('assignments', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let storage: ReturnType<typeof createTestStorage>;
  let aarav: Session;
  let parent: Session;
  let otherStudent: Session;
  let neha: Session;
  let byTitle: Map<string, ListItem>;

  const list = (session: Session, host = 'localhost') =>
    app.inject({
      method: 'POST',
      url: '/api/v2/onlineAssignment/student/getAssignmentsDetail',
      headers: { authorization: session.student_auth, host },
      payload: { category_id: 255, institute_id: session.institute_id, student_id: session.student_id },
    });
  const get = (session: Session, url: string, host = 'localhost') =>
    app.inject({ method: 'GET', url, headers: { authorization: session.student_auth, host } });
  const detail = (session: Session, fileId: number) =>
    get(session, `/api/v2/onlineAssignment/get/${session.institute_id}/${fileId}`);
  const studentFiles = (session: Session, fileId: number) =>
    get(
      session,
      `/api/v2/onlineAssignment/studentAttachmentsDetail/${session.institute_id}/${session.student_id}/${fileId}`,
    );
  const update = (
    session: Session,
    files: FilePart[],
    json: Record<string, unknown>,
    options: { headers?: Record<string, string>; jsonFirst?: boolean } = {},
  ) => {
    const body = multipart(
      files,
      {
        institute_id: session.institute_id,
        category_id: 255,
        studentId_array: [session.student_id],
        student_comment: '',
        attachmentId_array: [],
        url_lists: [],
        ...json,
      },
      { jsonFirst: options.jsonFirst ?? true },
    );
    return app.inject({
      method: 'POST',
      url: '/api/v2/onlineAssignment/student/updateAssignment',
      headers: { authorization: session.student_auth, ...body.headers, ...options.headers },
      payload: body.payload,
    });
  };
  const item = (title: string) => byTitle.get(title)!;

  beforeAll(async () => {
    storage = createTestStorage();
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost', isOnlineAssignmentEnabled: true });
    const coaching = await createInstitute(db, {
      host: 'apex.localhost',
      isSchool: false,
      isOnlineAssignmentEnabled: true,
    });
    const subjects: number[] = [];
    for (const name of ['English', 'Hindi', 'Mathematics', 'Science', 'Social Science'])
      subjects.push(await createSubject(db, school, name));
    const [sectionB] = await academicsWriter.batchRows.create(db, school.id, [
      { standardId: school.standardId, academicYearId: school.currentYear.id, name: 'B' },
    ]);
    const owner = await createStudent(db, school, { user: { name: 'Aarav Sharma' } });
    const sister = await createStudent(db, school, { user: { name: 'Diya Sharma' } });
    const parentLogin = await createParent(db, school, [owner.studentId, sister.studentId]);
    const classmate = await createStudent(db, school, { years: [] });
    await enrol(db, school, classmate.studentId, { batchId: sectionB! });
    const coachingStudent = await createStudent(db, coaching);
    const lastMinuteToday = new Date(endOfDayInZone(fixedNow, 'Asia/Kolkata').getTime() - 60_000);
    for (const plan of plans) {
      const dueAt = plan.due === 'today' ? lastMinuteToday : new Date(fixedNow.getTime() + plan.due);
      const sheet = await storage.putBuffer(pdfBytes(`${plan.title} - question sheet`), 'pdf');
      const solution = plan.solution ? await storage.putBuffer(pdfBytes(`${plan.title} - solution`), 'pdf') : undefined;
      const assignmentId = await createAssignment(db, school, subjects[plan.subject]!, {
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
      });
      if (plan.state === 'none') continue;
      await createSubmission(db, storage, school, assignmentId, owner.studentId, {
        status: plan.state === 'draft' ? 'Draft' : 'Submitted',
        submittedAt: plan.state === 'draft' ? null : new Date(dueAt.getTime() - day),
        evaluation:
          plan.state === 'evaluated'
            ? { marks: 17, grade: 'A', teacherComment: 'Well labelled diagrams. Revise the pH scale.' }
            : undefined,
      });
    }
    app = await createTestApp({ database, storage, rateLimits: { loginPerMinute: 1000 } });
    const signInAs = (login: { login: string; password: string }, host = 'localhost') =>
      signIn(app, { user_name: login.login, password: login.password }, { host });
    aarav = await signInAs(owner);
    const roles = (await postLogin(app, { user_name: parentLogin.login, password: factoryPassword })).json().result;
    parent = await signIn(app, {
      user_name: parentLogin.login,
      password: factoryPassword,
      user_type: 2,
      user_id: roles[0].user_id,
    });
    otherStudent = await signInAs(classmate);
    neha = await signInAs(coachingStudent, 'apex.localhost');
    const result = (await list(aarav)).json().result;
    byTitle = new Map(
      [...result.upcoming_online_assignment_list, ...result.past_online_assignment_list].map((entry: ListItem) => [
        entry.title,
        entry,
      ]),
    );
  });
  afterAll(() => app.close());

  describe('the list', () => {
    it('splits ongoing and past work with the statuses of spec part 1 §4', async () => {
      const result = (await list(aarav)).json().result;
      const statuses = (entries: ListItem[]) =>
        entries.map((entry) => [entry.title, entry.student_status, entry.days_left]);
      expect(statuses(result.upcoming_online_assignment_list)).toEqual([
        ['Map work: rivers of India', 'Pending', 0],
        ['Essay: my favourite festival', 'Draft', 1],
        ['Worksheet: light and shadows', 'Submitted', 3],
        ['Chapter 5 exercise: fractions', 'Pending', 5],
        ['Poem recitation recording', 'Pending', 12],
      ]);
      expect(statuses(result.past_online_assignment_list)).toEqual([
        ['Practice set: algebra basics', 'Not Submitted', -1],
        ['Project: water conservation', 'Draft', -1],
        ['Lab record: acids and bases', 'Submitted', -1],
        ['Book review: any novel', 'Expired', -1],
      ]);
      expect(item('Map work: rivers of India').time_left).toBe('11:59');
      expect(item('Lab record: acids and bases').teacher_status).toBe('Evaluated');
    });

    it('lets a parent read the child’s list, and refuses another student and another institute', async () => {
      expect((await list(parent)).json().result.upcoming_online_assignment_list).toHaveLength(5);
      const other = await app.inject({
        method: 'POST',
        url: '/api/v2/onlineAssignment/student/getAssignmentsDetail',
        headers: { authorization: otherStudent.student_auth },
        payload: { category_id: 255, institute_id: aarav.institute_id, student_id: aarav.student_id },
      });
      expect(other.statusCode).toBe(404);
      const foreign = await app.inject({
        method: 'POST',
        url: '/api/v2/onlineAssignment/student/getAssignmentsDetail',
        headers: { authorization: neha.student_auth, host: 'apex.localhost' },
        payload: { category_id: 255, institute_id: aarav.institute_id, student_id: aarav.student_id },
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.body).not.toContain('fractions');
    });
  });

  describe('the detail', () => {
    it('shows marks, grade and remarks only once evaluated, and the solution once released', async () => {
      const evaluated = (await detail(aarav, item('Lab record: acids and bases').file_id)).json().result;
      expect(evaluated).toMatchObject({
        student_marks: 17,
        evaluation_marks: 20,
        grade: 'A',
        enable_grade: 'Y',
        teacher_status: 'Evaluated',
      });
      expect(evaluated.teacher_comment).toContain('pH scale');
      const solution = await get(
        aarav,
        `/api/v2/onlineAssignment/getAssignmentSolution/${aarav.institute_id}/${aarav.student_id}/${evaluated.file_id}`,
      );
      expect(solution.json().result.solution_attachments[0].attachment_name).toBe('Solution.pdf');
      const submitted = (await detail(aarav, item('Worksheet: light and shadows').file_id)).json().result;
      expect(submitted).toMatchObject({ student_marks: null, grade: '', teacher_comment: '' });
      const hidden = await get(
        aarav,
        `/api/v2/onlineAssignment/getAssignmentSolution/${aarav.institute_id}/${aarav.student_id}/${submitted.file_id}`,
      );
      expect(hidden.json().result).toEqual({ is_released: false, solution_attachments: [] });
    });

    it('sends the description sanitised', async () => {
      const id = item('Lab record: acids and bases').file_id;
      await app.db
        .update(assignments)
        .set({
          descriptionHtml:
            '<p style="position:fixed">Do <b>it</b></p><script>alert(1)</script><img src=x onerror=alert(2)>',
        })
        .where(eq(assignments.id, id));
      expect((await detail(aarav, id)).json().result.description).toBe('<p>Do <b>it</b></p><img alt="" src="x" />');
    });

    it('hands out a short-lived download address for a teacher attachment', async () => {
      const { attachment_lists: files } = (await detail(aarav, item('Chapter 5 exercise: fractions').file_id)).json()
        .result;
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v2/onlineAssignment/downloadFile',
        headers: { authorization: aarav.student_auth },
        payload: { attachmentId_array: [files[0].attachment_id], institute_id: aarav.institute_id },
      });
      const download = await app.inject({ method: 'GET', url: answer.json().result.body });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment;/);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.body.startsWith('%PDF')).toBe(true);
    });

    it('refuses another student’s attachment ids and another institute’s file ids, with no data', async () => {
      const files = (await studentFiles(aarav, item('Essay: my favourite festival').file_id)).json().result
        .student_attachment;
      const stolen = await app.inject({
        method: 'POST',
        url: '/api/v2/onlineAssignment/downloadFile',
        headers: { authorization: otherStudent.student_auth },
        payload: { attachmentId_array: [files[0].attachment_id], institute_id: aarav.institute_id },
      });
      expect(stolen.statusCode).toBe(404);
      expect(stolen.body).not.toContain('/api/v1/files/');
      const foreign = await get(
        neha,
        `/api/v2/onlineAssignment/get/${neha.institute_id}/${item('Essay: my favourite festival').file_id}`,
        'apex.localhost',
      );
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).not.toContain('festival');
      expect((await detail(otherStudent, item('Essay: my favourite festival').file_id)).statusCode).toBe(404);
    });
  });

  describe('saving and submitting', () => {
    it('goes draft → submit → evaluated view, keeping the files and links', async () => {
      const fileId = item('Chapter 5 exercise: fractions').file_id;
      const draft = await update(aarav, [{ filename: 'working.pdf', content: pdfBytes('draft') }], {
        file_id: fileId,
        student_status: 'Draft',
        student_comment: 'first go',
        url_lists: [{ display_name: 'Khan video', url: 'https://www.khanacademy.org/math', remarks: 'helped' }],
      });
      expect(draft.json()).toEqual({ statusCode: 200, message: 'Assignment saved as draft successfully!' });
      expect((await detail(aarav, fileId)).json().result.student_status).toBe('Draft');
      const saved = (await studentFiles(aarav, fileId)).json().result.student_attachment;
      expect(
        saved.map((file: { attachment_display_name: string; is_link: boolean }) => [
          file.attachment_display_name,
          file.is_link,
        ]),
      ).toEqual([
        ['working.pdf', false],
        ['Khan video', true],
      ]);
      const submitted = await update(aarav, [], {
        file_id: fileId,
        student_status: 'Submitted',
        student_comment: 'final',
      });
      expect(submitted.json()).toEqual({ statusCode: 200, message: 'Assignment submitted successfully!' });
      const after = (await detail(aarav, fileId)).json().result;
      expect(after).toMatchObject({ student_status: 'Submitted', teacher_status: 'Pending', student_comment: 'final' });
      const again = await update(aarav, [], { file_id: fileId, student_status: 'Draft' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This assignment is already submitted.');
    });

    it('removes previous attachments named in attachmentId_array, and only the student’s own', async () => {
      const fileId = item('Essay: my favourite festival').file_id;
      const before = (await studentFiles(aarav, fileId)).json().result.student_attachment;
      const teacherFile = (await detail(aarav, fileId)).json().result.attachment_lists[0].attachment_id;
      const foreign = await update(aarav, [], {
        file_id: fileId,
        student_status: 'Draft',
        attachmentId_array: [teacherFile],
      });
      expect(foreign.statusCode).toBe(400);
      const removed = await update(aarav, [{ filename: 'essay.txt', content: textBytes('My essay') }], {
        file_id: fileId,
        student_status: 'Draft',
        attachmentId_array: [before[0].attachment_id],
      });
      expect(removed.statusCode).toBe(200);
      const after = (await studentFiles(aarav, fileId)).json().result.student_attachment;
      expect(after.map((file: { attachment_display_name: string }) => file.attachment_display_name)).toEqual([
        'Reference video',
        'essay.txt',
      ]);
    });

    it('allows a late submission only where the institute allows it', async () => {
      const late = await update(aarav, [{ filename: 'algebra.pdf', content: pdfBytes() }], {
        file_id: item('Practice set: algebra basics').file_id,
        student_status: 'Submitted',
      });
      expect(late.statusCode).toBe(200);
      const draftLate = await update(aarav, [{ filename: 'x.pdf', content: pdfBytes() }], {
        file_id: item('Project: water conservation').file_id,
        student_status: 'Draft',
      });
      expect(draftLate.statusCode).toBe(409);
      expect(draftLate.json().message).toBe('A draft can be saved only while the assignment is ongoing.');
      const expired = await update(aarav, [{ filename: 'review.pdf', content: pdfBytes() }], {
        file_id: item('Book review: any novel').file_id,
        student_status: 'Submitted',
      });
      expect(expired.statusCode).toBe(409);
      expect(expired.json().message).toBe('The due date has passed and late submission is not allowed.');
    });

    it('stores a replayed submission once: same Idempotency-Key, or the same request again', async () => {
      const fileId = item('Poem recitation recording').file_id;
      const send = () =>
        update(
          aarav,
          [{ filename: 'poem.txt', content: textBytes('Twinkle twinkle') }],
          { file_id: fileId, student_status: 'Submitted', student_comment: 'done' },
          {
            headers: { 'idempotency-key': 'poem-1' },
          },
        );
      expect((await send()).json().message).toBe('Assignment submitted successfully!');
      expect((await send()).json().message).toBe('Assignment submitted successfully!');
      const replay = await update(aarav, [{ filename: 'poem.txt', content: textBytes('Twinkle twinkle') }], {
        file_id: fileId,
        student_status: 'Submitted',
        student_comment: 'done',
      });
      expect(replay.json()).toEqual({ statusCode: 200, message: 'Assignment submitted successfully!' });
      const files = (await studentFiles(aarav, fileId)).json().result.student_attachment;
      expect(files).toHaveLength(1);
    });

    it('refuses (422) an Idempotency-Key sent again with a different request, changing nothing', async () => {
      const fileId = item('Essay: my favourite festival').file_id;
      const send = (text: string, comment: string) =>
        update(
          aarav,
          [{ filename: 'outline.txt', content: textBytes(text) }],
          { file_id: fileId, student_status: 'Draft', student_comment: comment },
          { headers: { 'idempotency-key': 'essay-outline-1' } },
        );
      expect((await send('Outline', 'plan')).json()).toEqual({
        statusCode: 200,
        message: 'Assignment saved as draft successfully!',
      });
      const before = (await studentFiles(aarav, fileId)).json().result.student_attachment;
      // The same request again: the stored answer.
      expect((await send('Outline', 'plan')).json()).toEqual({
        statusCode: 200,
        message: 'Assignment saved as draft successfully!',
      });
      for (const [text, comment] of [
        ['Outline, second version', 'plan'],
        ['Outline', 'a different comment'],
      ]) {
        const changed = await send(text!, comment!);
        expect(changed.statusCode).toBe(422);
        expect(changed.json()).toEqual({
          code: 'CONFLICT',
          message: 'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
        });
      }
      expect((await studentFiles(aarav, fileId)).json().result.student_attachment).toEqual(before);
      expect((await detail(aarav, fileId)).json().result.student_comment).toBe('plan');
    });

    it('refuses a parent’s draft and submit', async () => {
      const fileId = item('Map work: rivers of India').file_id;
      for (const status of ['Draft', 'Submitted']) {
        const response = await update(parent, [{ filename: 'map.pdf', content: pdfBytes() }], {
          file_id: fileId,
          student_status: status,
        });
        expect(response.statusCode).toBe(403);
      }
      expect((await detail(aarav, fileId)).json().result.student_status).toBe('Pending');
    });

    it('needs at least one file, link or kept attachment', async () => {
      const response = await update(aarav, [], {
        file_id: item('Map work: rivers of India').file_id,
        student_status: 'Draft',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please upload at least one assignment file/url');
    });

    it.each([
      [{ display_name: 'x', url: 'not a url' }, 'Please enter valid url!'],
      [{ display_name: '', url: 'https://example.com' }, 'Please enter valid url name.'],
      [{ display_name: 'x'.repeat(51), url: 'https://example.com' }, 'Please enter valid url name.'],
    ])('refuses the link %o', async (link, message) => {
      const response = await update(aarav, [], {
        file_id: item('Map work: rivers of India').file_id,
        student_status: 'Draft',
        url_lists: [link],
      });
      expect(response.json().message).toBe(message);
    });
  });

  describe('limits, refused with nothing stored', () => {
    const stagedFiles = () => readdirSync(join(storage.root, '.tmp'));
    const countStored = async (fileId: number) =>
      (await studentFiles(aarav, fileId)).json().result.student_attachment.length;

    it.each([
      [
        '21 files',
        Array.from({ length: 21 }, (_, index) => ({ filename: `f${index}.pdf`, content: pdfBytes(String(index)) })),
        413,
        'You can upload up to 20 files only.',
      ],
      [
        '150 MB + 1 byte',
        [
          {
            filename: 'huge.mp4',
            size: 150 * 1024 * 1024 + 1,
            head: Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]),
          },
        ],
        413,
        'The total file size exceeds the allowed limit of 150 MB.',
      ],
      [
        'a .pdf that is really HTML',
        [{ filename: 'answer.pdf', content: Buffer.from('<html><script>alert(1)</script></html>') }],
        415,
        undefined,
      ],
    ] as const)('refuses %s', async (_label, files, status, message) => {
      const fileId = item('Map work: rivers of India').file_id;
      const before = await countStored(fileId);
      const response = await update(aarav, [...files] as FilePart[], { file_id: fileId, student_status: 'Draft' });
      expect(response.statusCode).toBe(status);
      if (message) expect(response.json().message).toBe(message);
      expect(await countStored(fileId)).toBe(before);
      expect(stagedFiles()).toEqual([]);
    });

    it('refuses a 300-character name with ../ and stores nothing', async () => {
      const fileId = item('Map work: rivers of India').file_id;
      const before = await countStored(fileId);
      const name = `${'../'.repeat(30)}${'n'.repeat(210)}.pdf`;
      const response = await update(aarav, [{ filename: name, content: pdfBytes() }], {
        file_id: fileId,
        student_status: 'Draft',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('File names must be at most 255 characters and must not name a folder.');
      expect(await countStored(fileId)).toBe(before);
      expect(stagedFiles()).toEqual([]);
    });

    it('refuses files sent before fileJson (their sender is checked first), naming the field', async () => {
      const fileId = item('Map work: rivers of India').file_id;
      const before = await countStored(fileId);
      const response = await update(
        aarav,
        [{ filename: 'early.pdf', content: pdfBytes() }],
        { file_id: fileId, student_status: 'Draft' },
        { jsonFirst: false },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Send the fileJson field before the files');
      expect(await countStored(fileId)).toBe(before);
      expect(stagedFiles()).toEqual([]);
    });

    it('refuses fields fileJson does not know (marks, __proto__), changing nothing', async () => {
      const fileId = item('Map work: rivers of India').file_id;
      for (const extra of [
        { marks: 20 },
        { teacher_status: 'Evaluated' },
        JSON.parse('{"__proto__": {"isAdmin": true}}'),
      ]) {
        const response = await update(aarav, [{ filename: 'x.pdf', content: pdfBytes() }], {
          file_id: fileId,
          student_status: 'Draft',
          ...extra,
        });
        expect(response.statusCode).toBe(400);
      }
      const detailAfter = (await detail(aarav, fileId)).json().result;
      expect(detailAfter).toMatchObject({ student_status: 'Pending', student_marks: null, teacher_status: 'Pending' });
    });
  });
});
