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
