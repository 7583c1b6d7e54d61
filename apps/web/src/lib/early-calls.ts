// Requests the page's boot script (src/boot.ts) sends for the opened route before the app's code has loaded, so
// the route's data arrives beside its code instead of after it. The api client takes such an answer instead of
// asking again: same method, address, body and headers (so the same credential), once, and only while it is fresh.
// Nothing of it is in the page the server sends: the script reads the session from this browser's storage.

interface EarlyCall {
  /** The address and headers, as the api client would send them. */
  key: string;
  /** Whether the request only reads; one that may not be sent twice (a POST) is taken however old. */
  readOnly: boolean;
  startedAt: number;
  response: Promise<Response>;
}

declare global {
  var campusEarlyCalls: EarlyCall[] | undefined;
}

/** An early GET's answer older than this is not taken: the app asks afresh. */
export const earlyCallTtlMs = 10_000;

/** A request other than a bare GET: the test panel's POST of its launch token, the timetable's month. */
export interface EarlyRequest {
  method?: string;
  /** The JSON body exactly as the api client sends it. */
  body?: string;
  /** A POST whose endpoint only reads (the timetable's month): taken only while fresh, as a GET. */
  readOnly?: boolean;
}

const keyOf = (url: string, headers: Record<string, string>, { method = 'GET', body = '' }: EarlyRequest) =>
  JSON.stringify([method, url, body, Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);

/**
 * Sends a request now and keeps its answer for the api client (the boot script's side); answers the response,
 * a copy of which the caller may read (the api client reads the one it takes).
 */
export function startEarlyCall(
  url: string,
  headers: Record<string, string>,
  now = Date.now(),
  request: EarlyRequest = {},
): Promise<Response> {
  const sent = fetch(url, { headers, method: request.method ?? 'GET', body: request.body });
  // The caller's copy is made before the api client can read the body.
  const copy = sent.then((response) => response.clone());
  // A failure is the app's to see when it takes the answer; none is left unhandled meanwhile.
  const response = copy.then(() => sent);
  response.catch(() => undefined);
  copy.catch(() => undefined);
  (globalThis.campusEarlyCalls ??= []).push({
    key: keyOf(url, headers, request),
    readOnly: request.readOnly ?? (request.method ?? 'GET') === 'GET',
    startedAt: now,
    response,
  });
  return copy;
}

/** The answer of an early request with exactly this method, address, body and headers, once, while fresh. */
export function takeEarlyCall(
  url: string,
  headers: Record<string, string>,
  now = Date.now(),
  request: EarlyRequest = {},
): Promise<Response> | undefined {
  const calls = globalThis.campusEarlyCalls;
  const key = keyOf(url, headers, request);
  const index = calls?.findIndex((call) => call.key === key) ?? -1;
  if (!calls || index < 0) return undefined;
  const [call] = calls.splice(index, 1);
  return call && (!call.readOnly || now - call.startedAt <= earlyCallTtlMs) ? call.response : undefined;
}
