import type { AnswerChange } from '@campus/domain/exam/exam.contract';
import { examEndpoints } from '@campus/domain/exam/exam.endpoints';
import { call } from '../../../lib/api-client.ts';
import { openBody } from './panel-requests.ts';

// The panel runs on its attempt credential, never on the session's.

/** POST /examPanel/open: the launch token (used once) for the attempt credential. */
export const openAttempt = (launchToken: string) =>
  call(examEndpoints.open, { body: openBody(launchToken) }, { auth: false });

/** GET /examPanel/attempt: the paper, the saved answers and the server's clock. */
export const getAttempt = (attemptToken: string, signal?: AbortSignal) =>
  call(examEndpoints.attempt, {}, { authorization: attemptToken, signal });

/** GET /examPanel/paper: the read-only paper (the desk's View), on the view credential `open` answered. */
export const getPaper = (viewToken: string, signal?: AbortSignal) =>
  call(examEndpoints.paper, {}, { authorization: viewToken, signal });

/** PUT /examPanel/attempt/answers: changes in seq order. */
export const saveAnswers = (attemptToken: string, answers: AnswerChange[]) =>
  call(examEndpoints.save, { body: { answers } }, { authorization: attemptToken });

/** POST /examPanel/attempt/submit. */
export const submitAttempt = (attemptToken: string) => call(examEndpoints.submit, {}, { authorization: attemptToken });
