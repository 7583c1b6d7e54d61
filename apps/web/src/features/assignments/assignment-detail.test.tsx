import type { Session } from '@campus/domain/auth/auth.contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../lib/session.ts';
import { greenfieldParent, greenfieldStudent, mockBranding, mockLogout, storeSession } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { advanceUntil, fakeTimeouts } from '../../test/timers.ts';
import {
  assignmentDetail,
  fileOfSize,
  mockAssignmentDetail,
  mockAssignmentList,
  mockDownload,
  mockUpdate,
  studentFile,
  studentLink,
  updateAnswer,
  type DetailMocks,
} from './assignments-fixtures.ts';

const mb = 1024 * 1024;

async function openDetail(mocks: DetailMocks = {}, session: Session = greenfieldStudent()) {
  mockAssignmentDetail(mocks);
  storeSession(session);
  const view = renderRoute(`/assignment/${mocks.detail?.file_id ?? 11}`);
  await screen.findByRole('region', { name: /^Step 1:/ });
  // Step 2 waits for the student's earlier work.
  await waitFor(() => expect(screen.queryByLabelText('Loading your work')).not.toBeInTheDocument());
  return view;
}

const step = (number: number) => screen.getByRole('region', { name: new RegExp(`^Step ${number}:`) });
const pdf = (name = 'answer.pdf') => new File(['%PDF-1.7 answer'], name, { type: 'application/pdf' });
const pick = (files: File[], user = userEvent.setup()) => user.upload(screen.getByLabelText('Files to upload'), files);

async function fillLink(name: string, url: string, remarks = '') {
  const user = userEvent.setup();
  if (name) await user.type(screen.getByRole('textbox', { name: 'Link Name' }), name);
  if (url) await user.type(screen.getByRole('textbox', { name: 'URL' }), url);
  if (remarks) await user.type(screen.getByRole('textbox', { name: 'Remarks' }), remarks);
}

/** Records the addresses the page starts downloading (anchor clicks), without navigating. */
function captureDownloads() {
  const opened: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    opened.push(this.getAttribute('href') ?? '');
  });
  return opened;
}

describe('/assignment/:fileId', () => {
  beforeEach(() => {
    mockBranding();
  });
  afterEach(() => {
    // Toasts live in a store of their own, outside the rendered tree.
    notifications.clean();
    notifications.cleanQueue();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  describe('step 1: the assignment', () => {
    it('shows every field, the formatted description and the teacher’s attachments', async () => {
      await openDetail();
      expect(screen.getByRole('heading', { level: 1, name: 'Homework' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Photosynthesis essay' })).toBeInTheDocument();
      const details = step(1);
      expect(within(details).getByRole('heading', { name: 'Step 1: New assignment details' })).toBeInTheDocument();
      const field = (label: string) => within(details).getByText(label).nextElementSibling?.textContent;
      expect(field('Title')).toBe('Photosynthesis essay');
      expect(field('Subject')).toBe('Science');
      expect(field('Topic')).toBe('Plants');
      expect(field('Sub Topic')).toBe('How leaves make food');
      expect(field('End Date')).toMatch(/^26-11-2026 \d\d:\d\d [AP]M$/);
      expect(field('Standard')).toBe('Class 8 - A');
      const description = within(details).getByRole('region', { name: 'Description' });
      expect(description).toHaveTextContent('Write 300 words.');
      expect(within(description).getByText('300 words').tagName).toBe('STRONG');
      expect(within(details).getByText('worksheet.pdf')).toBeInTheDocument();
      expect(within(details).getByText('0.50 MB')).toBeInTheDocument();
    });

    it('downloads a teacher attachment through a fresh signed address on every click', async () => {
      const bodies = mockDownload();
      const opened = captureDownloads();
      await openDetail();
      const download = within(step(1)).getByRole('button', { name: 'Download worksheet.pdf' });
      await userEvent.click(download);
      await waitFor(() => expect(opened).toHaveLength(1), { timeout: 3000 });
      await userEvent.click(download);
      await waitFor(() => expect(opened).toHaveLength(2), { timeout: 3000 });
      expect(bodies).toEqual([
        { attachmentId_array: [31], institute_id: 1 },
        { attachmentId_array: [31], institute_id: 1 },
      ]);
      expect(opened).toEqual([
        '/api/v2/onlineAssignment/files/31?sig=fresh-1',
        '/api/v2/onlineAssignment/files/31?sig=fresh-2',
      ]);
    });

    it('shows the server message and returns to the dashboard when the assignment cannot load', async () => {
      server.use(
        http.get('*/api/v2/onlineAssignment/get/1/99', () =>
          HttpResponse.json({ code: 'NOT_FOUND', message: 'This assignment is not for you' }, { status: 404 }),
        ),
        http.get('*/api/v2/onlineAssignment/studentAttachmentsDetail/1/5001/99', () =>
          HttpResponse.json({ code: 'NOT_FOUND', message: 'Not Found' }, { status: 404 }),
        ),
      );
      storeSession(greenfieldStudent());
      const { router } = renderRoute('/assignment/99');
      expect(await screen.findByText('This assignment is not for you')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    });

    it('goes back to the list', async () => {
      await openDetail();
      expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/assignment');
    });

    it('goes back to the Past tab from a past assignment', async () => {
      await openDetail({ detail: assignmentDetail({ days_left: -1, student_status: 'Expired' }) });
      expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/assignment?open=999');
    });
  });

  describe('step 2: file picking', () => {
    it('lists picked files and lets one be removed', async () => {
      await openDetail();
      await pick([pdf('one.pdf'), pdf('two.pdf')]);
      const files = within(step(2)).getByRole('region', { name: 'Files' });
      expect(within(files).getByText('one.pdf')).toBeInTheDocument();
      await userEvent.click(within(files).getByRole('button', { name: 'Remove one.pdf' }));
      expect(within(files).queryByText('one.pdf')).not.toBeInTheDocument();
      expect(within(files).getByText('two.pdf')).toBeInTheDocument();
    });

    it('refuses a pick that would make 21 files', async () => {
      await openDetail();
      await pick(Array.from({ length: 21 }, (_, index) => pdf(`page-${index + 1}.pdf`)));
      expect(screen.getByRole('alert')).toHaveTextContent('You can only upload up to 20 files.');
      expect(screen.queryByText('page-1.pdf')).not.toBeInTheDocument();
    });

    it('counts files uploaded earlier towards the 20', async () => {
      const previous = Array.from({ length: 19 }, (_, index) =>
        studentFile({ attachment_id: 100 + index, attachment_display_name: `earlier-${index}.pdf` }),
      );
      await openDetail({ detail: assignmentDetail({ student_status: 'Draft' }), previous });
      await pick([pdf('a.pdf'), pdf('b.pdf')]);
      expect(screen.getByRole('alert')).toHaveTextContent('You can only upload up to 20 files.');
    });

    it('refuses a pick over 150 MB in total', async () => {
      await openDetail();
      await pick([fileOfSize('video-notes.pdf', 100 * mb)]);
      expect(screen.getByText('video-notes.pdf')).toBeInTheDocument();
      await pick([fileOfSize('big.pdf', 50 * mb + 1)]);
      expect(screen.getByRole('alert')).toHaveTextContent('Total upload size cannot exceed 150 MB.');
      expect(screen.queryByText('big.pdf')).not.toBeInTheDocument();
    });

    it('refuses a kind of file the portal does not take', async () => {
      await openDetail();
      await pick([new File(['MZ'], 'setup.exe')], userEvent.setup({ applyAccept: false }));
      expect(screen.getByRole('alert')).toHaveTextContent('"setup.exe" is not an accepted file');
    });
  });

  describe('step 2: links', () => {
    it('checks the address, then the name', async () => {
      await openDetail();
      await fillLink('Notes', 'not a url');
      await userEvent.click(screen.getByRole('button', { name: 'Add Link' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter valid url!');
      await userEvent.clear(screen.getByRole('textbox', { name: 'Link Name' }));
      await userEvent.clear(screen.getByRole('textbox', { name: 'URL' }));
      await fillLink('', 'https://example.com/notes');
      await userEvent.click(screen.getByRole('button', { name: 'Add Link' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter valid url name.');
    });

    it('adds a link that opens in a new tab and can be removed', async () => {
      await openDetail();
      await fillLink('Khan notes', 'www.khanacademy.org', 'Read first');
      await userEvent.click(screen.getByRole('button', { name: 'Add Link' }));
      const links = within(step(2)).getByRole('region', { name: 'Links' });
      expect(within(links).getByRole('link', { name: 'Khan notes' })).toHaveAttribute(
        'href',
        'https://www.khanacademy.org',
      );
      expect(within(links).getByText('Read first')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Link Name' })).toHaveValue('');
      await userEvent.click(within(links).getByRole('button', { name: 'Remove link Khan notes' }));
      expect(within(links).queryByRole('link', { name: 'Khan notes' })).not.toBeInTheDocument();
    });

    it('hides the add-link control at 5 links, counting links handed in earlier', async () => {
      await openDetail({
        detail: assignmentDetail({ student_status: 'Draft' }),
        previous: [studentLink(51), studentLink(52), studentLink(53)],
      });
      await fillLink('Fourth', 'https://example.com/4');
      await userEvent.click(screen.getByRole('button', { name: 'Add Link' }));
      expect(screen.getByRole('button', { name: 'Add Link' })).toBeInTheDocument();
      await fillLink('Fifth', 'https://example.com/5');
      await userEvent.click(screen.getByRole('button', { name: 'Add Link' }));
      expect(screen.queryByRole('button', { name: 'Add Link' })).not.toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'URL' })).not.toBeInTheDocument();
      expect(screen.getByText('You can add up to 5 links.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Remove link Link 51' }));
      expect(screen.getByRole('button', { name: 'Add Link' })).toBeInTheDocument();
    });
  });

  describe('step 2: saving', () => {
    it('asks for at least one file or link and sends nothing', async () => {
      const received = mockUpdate();
      await openDetail();
      await userEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please upload at least one assignment file/url');
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(received).toHaveLength(0);
    });

    it(
      'saves a draft as multipart with fileJson first, toasts, then opens the list after about 2 s',
      {
        timeout: 15_000,
      },
      async () => {
        const received = mockUpdate(updateAnswer('Assignment saved as draft successfully!'));
        mockAssignmentList();
        const session = greenfieldStudent();
        const { router } = await openDetail(
          {
            detail: assignmentDetail({ student_status: 'Draft', student_comment: 'First go' }),
            previous: [studentFile(), studentLink(52, 'Old link')],
          },
          session,
        );
        await pick([pdf('answer.pdf')]);
        await userEvent.click(screen.getByRole('button', { name: 'Remove my-answer.pdf' }));
        await fillLink('Notes', 'https://example.com/notes', 'page 2');
        await userEvent.click(screen.getByRole('button', { name: 'Add Link' }));
        const comment = screen.getByRole('textbox', { name: 'Comment' });
        expect(comment).toHaveValue('First go');
        await userEvent.clear(comment);
        await userEvent.type(comment, 'Done, see the link');
        fakeTimeouts();
        const savedAt = Date.now();
        await userEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));

        expect(await screen.findByText('Assignment saved as draft successfully!')).toBeInTheDocument();
        expect(received).toHaveLength(1);
        const [request] = received;
        expect(request!.parts).toEqual(['fileJson', 'files']);
        expect(request!.json).toEqual({
          institute_id: 1,
          category_id: 255,
          studentId_array: [5001],
          file_id: 11,
          student_status: 'Draft',
          student_comment: 'Done, see the link',
          attachmentId_array: [41],
          url_lists: [{ display_name: 'Notes', url: 'https://example.com/notes', remarks: 'page 2' }],
        });
        expect(request!.files).toEqual([{ name: 'answer.pdf', size: 15 }]);
        expect(request!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
        expect(request!.authorization).toBe(session.student_auth);
        expect(request!.source).toBe('WEB');
        expect(router.state.location.pathname).toBe('/assignment/11');
        await advanceUntil(() => router.state.location.pathname !== '/assignment/11');
        expect(Date.now() - savedAt).toBeGreaterThanOrEqual(2000);
        await waitFor(() => expect(router.state.location.pathname).toBe('/assignment'));
        expect(router.state.location.search).toBe('');
        expect(await screen.findByRole('tab', { name: 'Ongoing (4)' })).toBeInTheDocument();
      },
    );

    it('asks before submitting and sends nothing on No', async () => {
      const received = mockUpdate(updateAnswer('Assignment submitted successfully!'));
      await openDetail();
      await pick([pdf()]);
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm Submission' });
      expect(dialog).toHaveTextContent('Are you sure you want to submit the Assignment?');
      await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(received).toHaveLength(0);
    });

    it('submits a late assignment after Yes and returns to the Past tab', { timeout: 15_000 }, async () => {
      const received = mockUpdate(updateAnswer('Assignment submitted successfully!'));
      mockAssignmentList();
      const { router } = await openDetail({
        detail: assignmentDetail({
          days_left: -1,
          student_status: 'Not Submitted',
          allow_assignment_late_submission: 'Y',
        }),
      });
      // A draft cannot be saved once the assignment is past.
      expect(screen.queryByRole('button', { name: 'Save as Draft' })).not.toBeInTheDocument();
      await pick([pdf()]);
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      const yes = within(await screen.findByRole('dialog', { name: 'Confirm Submission' })).getByRole('button', {
        name: 'Yes',
      });
      fakeTimeouts();
      const submittedAt = Date.now();
      await userEvent.click(yes);
      expect(await screen.findByText('Assignment submitted successfully!')).toBeInTheDocument();
      expect(received.map((request) => (request.json as { student_status: string }).student_status)).toEqual([
        'Submitted',
      ]);
      await advanceUntil(() => router.state.location.search === '?open=999');
      expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(2000);
      await waitFor(() => expect(router.state.location.search).toBe('?open=999'));
      expect(router.state.location.pathname).toBe('/assignment');
    });

    it.each([
      [413, 'The total file size exceeds the allowed limit of 150 MB.'],
      [415, '"answer.pdf" is not an accepted file: send Word, Excel, PowerPoint, text, PDF, images or MP4/M4V video.'],
      [409, 'This assignment is already submitted.'],
    ])('shows the server’s %i message and stays', async (status, message) => {
      mockUpdate(() => HttpResponse.json({ code: 'REFUSED', message }, { status }));
      const { router } = await openDetail();
      await pick([pdf()]);
      await userEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/assignment/11');
      expect(screen.getByRole('button', { name: 'Save as Draft' })).toBeEnabled();
    });

    it('logs out with the server’s message when the upload answers 403', async () => {
      mockUpdate(() => HttpResponse.json({ code: 'FORBIDDEN', message: 'Your session has ended.' }, { status: 403 }));
      const logouts = mockLogout();
      const { router } = await openDetail();
      await pick([pdf()]);
      await userEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
      expect(await screen.findByRole('dialog', { name: 'Alert' })).toHaveTextContent('Your session has ended.');
      expect(router.state.location.pathname).toBe('/');
      expect(getSession()).toBeNull();
      expect(logouts).toHaveLength(1);
    });

    it('shows the upload’s progress', async () => {
      const uploads: FakeUpload[] = [];
      vi.stubGlobal(
        'XMLHttpRequest',
        class extends FakeUpload {
          constructor() {
            super();
            uploads.push(this);
          }
        },
      );
      await openDetail();
      await pick([pdf()]);
      await userEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
      const progress = await screen.findByRole('progressbar', { name: 'Upload progress' });
      expect(progress).toHaveAttribute('aria-valuenow', '0');
      uploads[0]!.progress(40, 100);
      await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '40'));
      expect(screen.getByText('40%')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save as Draft' })).toBeDisabled();
      uploads[0]!.respond(200, { statusCode: 200, message: 'Assignment saved as draft successfully!' });
      expect(await screen.findByText('Assignment saved as draft successfully!')).toBeInTheDocument();
      expect(screen.getByText('100%')).toBeInTheDocument();
    });
  });

  describe('step 2: submitted work', () => {
    it('hides the controls and shows the work read-only with downloads', async () => {
      const bodies = mockDownload();
      const opened = captureDownloads();
      await openDetail({
        detail: assignmentDetail({ student_status: 'Submitted', student_comment: 'My final answer' }),
        previous: [studentFile(), studentLink(52, 'Reference video')],
      });
      const submission = step(2);
      expect(within(submission).getByText('Completed')).toBeInTheDocument();
      expect(within(step(1)).getByText('Completed')).toBeInTheDocument();
      expect(within(step(3)).queryByText('Completed')).not.toBeInTheDocument();
      for (const name of ['Save as Draft', 'Submit', 'Choose Files', 'Add Link']) {
        expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
      }
      expect(within(submission).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
      expect(within(submission).getByRole('link', { name: 'Reference video' })).toHaveAttribute(
        'href',
        'https://example.com/52',
      );
      expect(submission).toHaveTextContent('Your comment: My final answer');
      await userEvent.click(within(submission).getByRole('button', { name: 'Download my-answer.pdf' }));
      await waitFor(() => expect(opened).toEqual(['/api/v2/onlineAssignment/files/41?sig=fresh-1']), { timeout: 3000 });
      expect(bodies).toEqual([{ attachmentId_array: [41], institute_id: 1 }]);
    });

    it('cuts long file names at 50 characters', async () => {
      const long = `${'chapter-'.repeat(8)}final.pdf`;
      await openDetail({
        detail: assignmentDetail({ student_status: 'Submitted' }),
        previous: [studentFile({ attachment_display_name: long })],
      });
      expect(within(step(2)).getByText(`${long.slice(0, 50)}...`)).toHaveAttribute('title', long);
    });

    it('says late submission is not allowed on an expired assignment', async () => {
      await openDetail({ detail: assignmentDetail({ days_left: -1, student_status: 'Expired' }) });
      expect(step(2)).toHaveTextContent('The due date has passed and late submission is not allowed.');
      expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    });
  });

  describe('step 3: remark and solution', () => {
    it('says Review Pending From Faculty until evaluated', async () => {
      await openDetail({ detail: assignmentDetail({ student_status: 'Submitted' }) });
      expect(step(3)).toHaveTextContent('Review Pending From Faculty');
      expect(step(3)).not.toHaveTextContent('Marks');
    });

    it('shows marks, grade and the teacher’s comment once evaluated', async () => {
      await openDetail({
        detail: assignmentDetail({
          student_status: 'Submitted',
          teacher_status: 'Evaluated',
          student_marks: 18,
          evaluation_marks: 20,
          grade: 'A',
          teacher_comment: 'Well argued.',
        }),
      });
      const remark = step(3);
      expect(within(remark).getByText('Completed')).toBeInTheDocument();
      expect(remark).not.toHaveTextContent('Review Pending From Faculty');
      expect(remark).toHaveTextContent('Marks: 18 / 20');
      expect(remark).toHaveTextContent('Grade: A');
      expect(remark).toHaveTextContent('Teacher Comment: Well argued.');
    });

    it('leaves the grade out where grading is off', async () => {
      await openDetail({
        detail: assignmentDetail({
          student_status: 'Submitted',
          teacher_status: 'Evaluated',
          student_marks: 7,
          evaluation_marks: 10,
          enable_grade: 'N',
          grade: 'B',
        }),
      });
      expect(step(3)).toHaveTextContent('Marks: 7 / 10');
      expect(step(3)).not.toHaveTextContent('Grade');
    });

    it('lists released solutions with names cut at 30 characters, and downloads them', async () => {
      const bodies = mockDownload();
      const opened = captureDownloads();
      const name = 'Solution key for the photosynthesis essay.pdf';
      await openDetail({
        detail: assignmentDetail({ student_status: 'Submitted', teacher_status: 'Evaluated', student_marks: 18 }),
        solution: {
          is_released: true,
          solution_attachments: [
            {
              attachment_id: 61,
              attachment_name: name,
              attachment_display_name: name,
              attachment_url: '/files/s61?sig=old',
              size: 2 * mb,
            },
          ],
        },
      });
      const solution = await within(step(3)).findByRole('region', { name: 'Solution' });
      expect(within(solution).getByText(`${name.slice(0, 30)}...`)).toBeInTheDocument();
      await userEvent.click(within(solution).getByRole('button', { name: `Download ${name}` }));
      await waitFor(() => expect(opened).toEqual(['/api/v2/onlineAssignment/files/61?sig=fresh-1']), { timeout: 3000 });
      expect(bodies).toEqual([{ attachmentId_array: [61], institute_id: 1 }]);
    });

    it('shows nothing of an unreleased solution', async () => {
      await openDetail();
      await waitFor(() => expect(screen.queryByLabelText('Loading solution')).not.toBeInTheDocument());
      expect(within(step(3)).queryByRole('region', { name: 'Solution' })).not.toBeInTheDocument();
    });

    it('shows Network error when the solution cannot load', async () => {
      await openDetail({ solution: 'fail' });
      expect(await within(step(3)).findByText('Network error')).toBeInTheDocument();
    });
  });

  describe('parents', () => {
    it('see the form read-only and are told they may not submit; nothing is sent', async () => {
      const received = mockUpdate();
      await openDetail({}, greenfieldParent());
      expect(screen.getByRole('button', { name: 'Choose Files' })).toBeDisabled();
      expect(screen.getByRole('textbox', { name: 'Comment' })).toBeDisabled();
      await userEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
      expect(await screen.findByText('Parents are not allowed to submit')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(received).toHaveLength(0);
    });
  });
});

/** A stand-in XMLHttpRequest whose upload progress and answer the test drives. */
class FakeUpload {
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  headers: Record<string, string> = {};
  body: unknown;
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {}
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}
