import type { UpdateAssignmentJson } from '@campus/domain/assignments/assignments.contract';
import { assignmentsEndpoints } from '@campus/domain/assignments/assignments.endpoints';
import { describeHttpFailure, pickFailureMessage } from '@campus/domain/shared/http-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, baseHeaders, endpointUrl, type AnswerOf } from '../../../lib/api-client.ts';

/** One save or submit as the user asked for it. */
export interface UpdateAssignmentRequest {
  json: UpdateAssignmentJson;
  files: File[];
  /** Made once per user action and sent again on the automatic retry, so the server stores the work once. */
  idempotencyKey: string;
  /** Percent of the request body sent so far, 0–100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export type MessageAnswer = AnswerOf<typeof assignmentsEndpoints.update>;

/** How long to wait before sending again after the connection dropped. */
export const uploadRetryDelayMs = 1000;
/** Attempts in all when no answer comes back (a dropped connection, not a refusal). */
const maxAttempts = 2;

/** The multipart body: the fileJson part first, then one `files` part per file (spec part 1 §7). */
export function buildUpdateAssignmentForm(json: UpdateAssignmentJson, files: File[]): FormData {
  const form = new FormData();
  form.append('fileJson', JSON.stringify(json));
  for (const file of files) form.append('files', file, file.name);
  return form;
}

/** The headers every call carries, plus the idempotency key; XMLHttpRequest because fetch cannot report upload progress. */
const uploadHeaders = (idempotencyKey: string) => ({ ...baseHeaders(), 'Idempotency-Key': idempotencyKey });

/** One attempt; failures become ApiError with the catalogue's message, as api-client maps them. */
function sendOnce(request: UpdateAssignmentRequest, form: FormData): Promise<MessageAnswer> {
  return new Promise((resolve, reject) => {
    // eslint-disable-next-line no-restricted-syntax -- fetch cannot report upload progress
    const xhr = new XMLHttpRequest();
    // Method, path and base address from the descriptor and the service table, as `call` takes them.
    const endpoint = assignmentsEndpoints.update;
    xhr.open(endpoint.method, endpointUrl(endpoint));
    for (const [name, value] of Object.entries(uploadHeaders(request.idempotencyKey))) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        request.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        request.onProgress?.(100);
        resolve(payload as MessageAnswer);
        return;
      }
      const serverMessage = (payload as { message?: unknown } | undefined)?.message;
      reject(new ApiError(xhr.status, pickFailureMessage(xhr.status, serverMessage), serverMessage));
    };
    xhr.onerror = () => reject(new ApiError(null, describeHttpFailure(null)));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST /api/v2/onlineAssignment/student/updateAssignment with upload progress. When no answer arrives the
 * same request (same idempotency key) is sent once more; a refusal from the server is never retried.
 */
export async function uploadAssignment(request: UpdateAssignmentRequest): Promise<MessageAnswer> {
  const form = buildUpdateAssignmentForm(request.json, request.files);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await sendOnce(request, form);
    } catch (error) {
      const isDropped = error instanceof ApiError && error.status === null;
      if (!isDropped || attempt >= maxAttempts || request.signal?.aborted) throw error;
      request.onProgress?.(0);
      await wait(uploadRetryDelayMs);
    }
  }
}

/**
 * Saves a draft or submits; a 403 is handed to `onForbidden` (the caller logs out, as api-client does for its
 * calls). Every assignment query is refreshed after a save.
 */
export function useUpdateAssignment(onForbidden?: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAssignment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['assignments'] }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403) onForbidden?.(error.message);
    },
  });
}
