import type { ErrorCode } from '@campus/domain/shared/error.contract';

/** A failure the client caused or may see: its status, stable code and a message safe to show. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly code: ErrorCode;

  constructor(statusCode: number, code: ErrorCode, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}

/** The stable code for an HTTP status that carries no code of its own. */
export function codeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    405: 'METHOD_NOT_ALLOWED',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'TOO_MANY_REQUESTS',
    503: 'UNAVAILABLE',
  };
  return byStatus[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}
