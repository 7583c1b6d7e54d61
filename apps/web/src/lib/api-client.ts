import { describeHttpFailure, pickFailureMessage } from '@campus/domain/shared/http-messages';
import { getSession } from './session.ts';

/** A failed call: its HTTP status (null when no answer came) and the message to show (spec part 1 §8). */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number | null,
    message: string,
    /** The message field exactly as the server sent it (the login screen tells blank from missing). */
    readonly serverMessage?: unknown,
  ) {
    super(message);
  }
}

type ForbiddenListener = (message: string) => void;
const forbiddenListeners = new Set<ForbiddenListener>();

/** Subscribes to 403 answers: any call refused that way forces a logout with the server's message. */
export function onForbidden(listener: ForbiddenListener): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sends the stored session's credential (default). Sign-in calls, made before a session exists, turn it off. */
  auth?: boolean;
}

/** Headers every call carries (spec part 1 §7): source, the user's time zone and, when signed in, the credential. */
export function baseHeaders(withAuth = true): Record<string, string> {
  const headers: Record<string, string> = {
    Source: 'WEB',
    'X-Time-Zone': Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  const session = withAuth ? getSession() : null;
  if (session?.student_auth) headers.Authorization = session.student_auth;
  return headers;
}

/** Calls the API and returns its JSON; failures become ApiError with the catalogue's message. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...baseHeaders(options.auth ?? true), ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    // A caller's own abort is passed on; a timeout reads as no answer.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(null, describeHttpFailure(null));
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const serverMessage = (payload as { message?: unknown } | undefined)?.message;
    const message = pickFailureMessage(response.status, serverMessage);
    if (response.status === 403) forbiddenListeners.forEach((listener) => listener(message));
    throw new ApiError(response.status, message, serverMessage);
  }
  return payload as T;
}
