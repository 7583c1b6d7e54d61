import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { greenfieldStudent, storeSession } from '../../../test/fixtures.ts';
import { server } from '../../../test/server.ts';
import { uploadAssignment, type UpdateAssignmentRequest } from './update-assignment.ts';

const request = (overrides: Partial<UpdateAssignmentRequest> = {}): UpdateAssignmentRequest => ({
  json: {
    institute_id: 1,
    category_id: 255,
    studentId_array: [5001],
    file_id: 11,
    student_status: 'Submitted',
    student_comment: '',
    attachmentId_array: [],
    url_lists: [],
  },
  files: [new File(['%PDF-1.7'], 'a.pdf'), new File(['%PDF-1.7 two'], 'b.pdf')],
  idempotencyKey: 'key-1',
  ...overrides,
});

/** Answers each call with the next answer; returns the idempotency keys and headers seen. */
function mockUpdateEndpoint(...answers: (() => Response)[]) {
  const calls: { key: string | null; source: string | null; zone: string | null; files: string[] }[] = [];
  server.use(
    http.post('*/api/v2/onlineAssignment/student/updateAssignment', async ({ request: received }) => {
      const form = await received.formData();
      calls.push({
        key: received.headers.get('idempotency-key'),
        source: received.headers.get('source'),
        zone: received.headers.get('x-time-zone'),
        files: (form.getAll('files') as File[]).map((file) => file.name),
      });
      return answers[Math.min(calls.length, answers.length) - 1]!();
    }),
  );
  return calls;
}

describe('uploadAssignment', () => {
  afterEach(() => localStorage.clear());

  it('sends the files with Source, the time zone and the idempotency key, and reports progress to 100', async () => {
    storeSession(greenfieldStudent());
    const calls = mockUpdateEndpoint(() =>
      HttpResponse.json({ statusCode: 200, message: 'Assignment submitted successfully!' }),
    );
    const progress: number[] = [];
    const answer = await uploadAssignment(request({ onProgress: (percent) => progress.push(percent) }));
    expect(answer).toEqual({ statusCode: 200, message: 'Assignment submitted successfully!' });
    expect(calls).toEqual([
      {
        key: 'key-1',
        source: 'WEB',
        zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        files: ['a.pdf', 'b.pdf'],
      },
    ]);
    expect(progress.at(-1)).toBe(100);
  });

  it('sends again with the same key once when the connection drops', async () => {
    const calls = mockUpdateEndpoint(
      () => HttpResponse.error(),
      () => HttpResponse.json({ statusCode: 200, message: 'Assignment submitted successfully!' }),
    );
    await expect(uploadAssignment(request())).resolves.toMatchObject({ message: 'Assignment submitted successfully!' });
    expect(calls.map((call) => call.key)).toEqual(['key-1', 'key-1']);
  });

  it('gives up after the second dropped connection with the no-connection message', async () => {
    const calls = mockUpdateEndpoint(() => HttpResponse.error());
    await expect(uploadAssignment(request())).rejects.toEqual(
      new ApiError(null, 'Please check your internet connection!'),
    );
    expect(calls).toHaveLength(2);
  });

  it('never resends a refusal and carries the server’s message and status', async () => {
    const calls = mockUpdateEndpoint(() =>
      HttpResponse.json({ code: 'PAYLOAD_TOO_LARGE', message: 'You can upload up to 20 files only.' }, { status: 413 }),
    );
    const failure = await uploadAssignment(request()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 413, message: 'You can upload up to 20 files only.' });
    expect(calls).toHaveLength(1);
  });

  it('sends to the main service’s base address', async () => {
    vi.stubEnv('VITE_MAIN_API_BASE', 'https://main.example.test');
    const seen: string[] = [];
    server.use(
      http.post('*/api/v2/onlineAssignment/student/updateAssignment', ({ request: received }) => {
        seen.push(received.url);
        return HttpResponse.json({ statusCode: 200, message: 'Saved' });
      }),
    );
    await uploadAssignment(request()).finally(() => vi.unstubAllEnvs());
    expect(seen).toEqual(['https://main.example.test/api/v2/onlineAssignment/student/updateAssignment']);
  });

  it('falls back to the catalogue’s message when the server sends none', async () => {
    mockUpdateEndpoint(() => new HttpResponse('oops', { status: 503 }));
    await expect(uploadAssignment(request())).rejects.toMatchObject({ status: 503, message: 'Service Unavailable' });
  });
});
