// Requests the page's boot script (src/boot.ts) sends for the opened route before the app's code has loaded, so
// the route's data arrives beside its code instead of after it. The api client takes such an answer instead of
// asking again: same address, same headers (so the same credential), once, and only while it is fresh. Nothing
// of it is in the page the server sends: the script reads the session from this browser's storage.

interface EarlyCall {
  /** The address and headers, as the api client would send them. */
  key: string;
  startedAt: number;
  response: Promise<Response>;
}

declare global {
  var campusEarlyCalls: EarlyCall[] | undefined;
}

/** An early answer older than this is not taken: the app asks afresh. */
export const earlyCallTtlMs = 10_000;

const keyOf = (url: string, headers: Record<string, string>) =>
  JSON.stringify([url, Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);

/** Sends a GET now and keeps its answer for the api client (the boot script's side, which may read a clone). */
export function startEarlyCall(url: string, headers: Record<string, string>, now = Date.now()): Promise<Response> {
  const response = fetch(url, { headers });
  // A failure is the app's to see when it takes the answer; none is left unhandled meanwhile.
  response.catch(() => undefined);
  (globalThis.campusEarlyCalls ??= []).push({ key: keyOf(url, headers), startedAt: now, response });
  return response;
}

/** The answer of an early GET to this address with exactly these headers, once, while fresh (the app's side). */
export function takeEarlyCall(
  url: string,
  headers: Record<string, string>,
  now = Date.now(),
): Promise<Response> | undefined {
  const calls = globalThis.campusEarlyCalls;
  const key = keyOf(url, headers);
  const index = calls?.findIndex((call) => call.key === key) ?? -1;
  if (!calls || index < 0) return undefined;
  const [call] = calls.splice(index, 1);
  return call && now - call.startedAt <= earlyCallTtlMs ? call.response : undefined;
}
