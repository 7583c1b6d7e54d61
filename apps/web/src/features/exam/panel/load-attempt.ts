import type { AttemptAnswer } from '@campus/domain/exam/exam.contract';
import { ApiError } from '../../../lib/api-client.ts';
import { getAttempt } from '../api/panel.ts';
import { forgetAttemptCopy, keepAttemptCopy, readAttemptCopy } from './attempt-copy.ts';

/** The attempt as the panel opens it: from the server, or without a connection from this window's copy. */
export interface LoadedAttempt {
  attempt: AttemptAnswer;
  /** The server's clock minus this device's (ms): measured now, or as last seen when `fromCopy`. */
  clockOffset: number;
  /** Opened from the copy on this device: the connection is down; answers are kept and sent when it returns. */
  fromCopy: boolean;
}

/** Whether a failure means no answer came (offline, or nothing within the 5 s deadline). */
export const isNoAnswer = (failure: unknown) => failure instanceof ApiError && failure.status === null;

/** Whether the server says the attempt continues in another window (a Resume there replaced this credential). */
export const isSuperseded = (failure: unknown) => failure instanceof ApiError && failure.code === 'ATTEMPT_SUPERSEDED';

/**
 * Reads the attempt with the window's credential and keeps a copy of it; when no answer comes, opens this window's
 * copy instead (issue 27 item 5). Any answered failure (submitted elsewhere, superseded, refused) passes on.
 */
export async function loadAttempt(credential: string, signal?: AbortSignal): Promise<LoadedAttempt> {
  try {
    const attempt = await getAttempt(credential, signal);
    const clockOffset = attempt.server_time - Date.now();
    void (attempt.status === 'open' ? keepAttemptCopy(attempt, clockOffset) : forgetAttemptCopy());
    return { attempt, clockOffset, fromCopy: false };
  } catch (failure) {
    if (!isNoAnswer(failure)) throw failure;
    const copy = await readAttemptCopy();
    if (!copy) throw failure;
    return { attempt: copy.attempt, clockOffset: copy.clockOffset, fromCopy: true };
  }
}
