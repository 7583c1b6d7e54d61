import { z } from 'zod';

/** Stable error codes the API answers with; the web app maps them, never the message text. */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'CONFLICT',
  /**
   * 409 to a test panel whose attempt credential was replaced: the attempt was resumed in another window (or on
   * another device), which now holds it. The panel says the test continues there; a made-up credential stays 401.
   */
  'ATTEMPT_SUPERSEDED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;

/** One of the stable error codes. */
export type ErrorCode = (typeof errorCodes)[number];

/** The one error body every failing API call answers with. */
export const errorBodySchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
});

/** The one error body every failing API call answers with. */
export type ErrorBody = z.infer<typeof errorBodySchema>;
