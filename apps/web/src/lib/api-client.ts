import {
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  type EndpointSchemas,
  type SchemasOf,
} from '@campus/domain/shared/endpoint';
import { describeHttpFailure, pickFailureMessage } from '@campus/domain/shared/http-messages';
import { takeEarlyCall } from './early-calls.ts';
import { endpointUrl, partHeaders, requestHeaders, serviceBase, type RequestParts } from './request.ts';
import { getSession } from './session.ts';

export { endpointUrl, serviceBase };

/** A failed call: its HTTP status (null when no answer came) and the message to show (spec part 1 §8). */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number | null,
    message: string,
    /** The message field exactly as the server sent it (the login screen tells blank from missing). */
    readonly serverMessage?: unknown,
    /** The server's stable error code (ErrorCode), where it sent one: what a screen may branch on. */
    readonly code?: string,
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
  return requestHeaders(withAuth ? getSession()?.student_auth : undefined);
}

/** How long any call may take before it reads as no answer (spec part 1 §9: 5000 ms). */
export const requestTimeoutMs = 5000;

/**
 * Sends one request to an address and returns its JSON; failures become ApiError with the catalogue's message.
 * The raw layer under `call`: features go through `call` and a descriptor (eslint.config.js keeps it so).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...baseHeaders(options.auth ?? true), ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  // Every call gives up after the spec's 5 s (part 1 §9), so no screen waits forever on a dead connection.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), requestTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  try {
    let response: Response;
    try {
      const method = options.method ?? 'GET';
      const body = options.body === undefined ? undefined : JSON.stringify(options.body);
      // The page's boot script may have asked already (lib/early-calls.ts): its answer, under the same deadline.
      const early = takeEarlyCall(path, headers, Date.now(), { method, body });
      response = await (early ? untilAborted(early, signal) : fetch(path, { method, headers, body, signal }));
    } catch (error) {
      // A caller's own abort is passed on; a timeout or a dropped connection reads as no answer.
      if (options.signal?.aborted) throw error;
      throw new ApiError(null, describeHttpFailure(null));
    }
    const answer = await readAnswer<T>(response, headers.Authorization);
    // The answer's body stopped arriving at the deadline: as good as none.
    if (timeout.signal.aborted) throw new ApiError(null, describeHttpFailure(null));
    return answer;
  } finally {
    clearTimeout(timer);
  }
}

/** The promise's outcome, or the signal's abort when that comes first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    promise.then(resolve, reject);
  });
}

/**
 * The JSON of an answer, or ApiError with the catalogue's message. A 403 tells the forbidden listeners (a logout),
 * unless the credential it refused is no longer the session's: a parent who switched child while a request of the
 * old session was on its way is not logged out by that request's refusal.
 */
async function readAnswer<T>(response: Response, sentCredential?: string): Promise<T> {
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const { message: serverMessage, code } = (payload ?? {}) as { message?: unknown; code?: unknown };
    const message = pickFailureMessage(response.status, serverMessage);
    const isStale = sentCredential !== undefined && getSession()?.student_auth !== sentCredential;
    if (response.status === 403 && !isStale) forbiddenListeners.forEach((listener) => listener(message));
    throw new ApiError(response.status, message, serverMessage, typeof code === 'string' ? code : undefined);
  }
  return payload as T;
}

/** The answer of a descriptor: `AnswerOf<typeof homeEndpoints.banners>`. */
export type AnswerOf<E> = EndpointAnswer<SchemasOf<E>>;

/** What `call` takes for a descriptor: `InputOf<typeof homeEndpoints.banners>`. */
export type InputOf<E> = EndpointInput<SchemasOf<E>>;

export interface CallOptions {
  signal?: AbortSignal;
  /** Sends the stored session's credential (default). Sign-in calls, made before a session exists, turn it off. */
  auth?: boolean;
  /** A credential not yet stored (the temporary-password login), sent instead of the session's. */
  authorization?: string;
}

/**
 * Calls one endpoint as its descriptor says (method, service, path) with the request parts the contract names,
 * and answers the contract's answer type. Errors as `apiRequest`: ApiError with the catalogue's message, 403 tells
 * the forbidden listeners, a caller's abort passes through. Takes no type arguments: the descriptor types it.
 */
export function call<S extends EndpointSchemas>(
  endpoint: Endpoint<S>,
  input: EndpointInput<S>,
  options: CallOptions = {},
): Promise<EndpointAnswer<S>> {
  // Multipart bodies stream files with progress (assignments' uploader); they have no JSON body to send here.
  if (endpoint.bodyType === 'multipart') throw new Error(`${endpoint.id} is multipart: send it with its uploader`);
  const parts = input as RequestParts;
  const headers = partHeaders(parts);
  if (options.authorization) headers.Authorization = options.authorization;
  return apiRequest<EndpointAnswer<S>>(endpointUrl(endpoint, parts), {
    method: endpoint.method,
    body: parts.body,
    headers,
    signal: options.signal,
    auth: options.auth,
  });
}
