import { examEndpoints } from '@campus/domain/exam/exam.endpoints';
import { startEarlyCall } from '../../../lib/early-calls.ts';
import { endpointUrl, requestHeaders } from '../../../lib/request.ts';

/** Where the panel keeps its attempt credential: this window only, so a reload resumes and no address carries it. */
export const attemptCredentialKey = 'exam-attempt-credential';

/** The body of POST /examPanel/open. */
export const openBody = (launchToken: string) => ({ launch_token: launchToken });

/**
 * The panel's first requests, sent by the page's boot script beside the app's code (lib/early-calls.ts) instead of
 * one after the other once the panel's chunk has run (issue 26: the open → attempt waterfall came after ~1.2 s of
 * code on a cheap phone). With a launch token, its open, and the attempt as soon as the open answers; on a reload,
 * the attempt with this window's credential. The panel's own calls take these answers (the same requests).
 */
export function sendPanelRequests(launchToken: string, storedCredential: string | null, now = Date.now()) {
  const readAttempt = (credential: string) =>
    void startEarlyCall(endpointUrl(examEndpoints.attempt), requestHeaders(credential), now);
  if (!launchToken) {
    if (storedCredential) readAttempt(storedCredential);
    return;
  }
  const opened = startEarlyCall(
    endpointUrl(examEndpoints.open),
    { ...requestHeaders(), 'Content-Type': 'application/json' },
    now,
    { method: 'POST', body: JSON.stringify(openBody(launchToken)) },
  );
  opened
    .then(async (response) => {
      if (!response.ok) return;
      const { attempt_token: credential } = (await response.json()) as { attempt_token?: unknown };
      if (typeof credential === 'string') readAttempt(credential);
    })
    // Nothing read early: the panel asks as usual.
    .catch(() => undefined);
}
