import { createHmac, timingSafeEqual } from 'node:crypto';
import { filesEndpoints } from '@campus/domain/files/files.endpoints';
import { fillPath } from '@campus/domain/shared/endpoint';

/**
 * What a signed file address grants: one object of one institute, under one name and type, until `expiresAt`
 * (ms). The file route serves it only at that institute's host names.
 */
export interface FileGrant {
  instituteId: number;
  key: string;
  name: string;
  type: string;
  /** inline for images shown on a page, attachment for downloads. */
  disposition: 'inline' | 'attachment';
  expiresAt: number;
  /** The holder may also ask for it as an attachment (`?download=1`): the file is not read-only. */
  downloadable?: true;
  /** Serve the office document converted to PDF (lib/office-preview.ts) instead of the file itself. */
  preview?: 'pdf';
}

/**
 * What a course grant gives: every file of one course of one institute, to the user the course was checked for,
 * until `expiresAt` (ms). The route that signs it has just checked that user's entitlement to the course; the file
 * route serves a file under it only when the file belongs to that course and institute
 * (features/library/library-access.repository.ts).
 */
export interface CourseGrant {
  instituteId: number;
  courseId: number;
  userId: number;
  expiresAt: number;
}

/** The compact form a course grant is signed in (it travels in a cookie with every file request of the course). */
interface CourseGrantPayload {
  i: number;
  c: number;
  u: number;
  e: number;
}

const isWhole = (value: unknown): value is number => Number.isSafeInteger(value);

/**
 * Signs and checks short-lived file addresses. An <img> or a download link cannot carry the Authorization
 * header, so the server checks the user's right when it hands out the address, and the address itself
 * (HMAC-SHA256, expiring) is the proof afterwards.
 */
export function fileSigner(secret: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    /** An unforgeable opaque tag of `text` (for ids the client must send back but may not choose). */
    tag(text: string): string {
      return mac(`tag:${text}`).slice(0, 32);
    },
    sign(grant: FileGrant): string {
      const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    verify(token: string, now: Date): FileGrant | undefined {
      const grant = open<FileGrant>(token, mac);
      return grant && grant.expiresAt > now.getTime() ? grant : undefined;
    },
    /**
     * One signature for all the files of a course (signed once per answer, not once per file). Signed under its
     * own prefix, so a course grant is never taken for a file grant nor the reverse.
     */
    signCourse(grant: CourseGrant): string {
      const compact: CourseGrantPayload = {
        i: grant.instituteId,
        c: grant.courseId,
        u: grant.userId,
        e: grant.expiresAt,
      };
      const payload = Buffer.from(JSON.stringify(compact)).toString('base64url');
      return `${payload}.${mac(`course:${payload}`)}`;
    },
    verifyCourse(token: string, now: Date): CourseGrant | undefined {
      const grant = open<CourseGrantPayload>(token, (payload) => mac(`course:${payload}`));
      if (!grant || ![grant.i, grant.c, grant.u, grant.e].every(isWhole) || grant.e <= now.getTime()) return undefined;
      return { instituteId: grant.i, courseId: grant.c, userId: grant.u, expiresAt: grant.e };
    },
  };
}

/** The JSON a `<payload>.<signature>` token carries, when the signature is `sign(payload)`'s. */
function open<T>(token: string, sign: (payload: string) => string): T | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

export type FileSigner = ReturnType<typeof fileSigner>;

/** The address that serves a file under `grant`: the one way routes hand out file addresses. */
export function fileUrl(signer: FileSigner, grant: FileGrant): string {
  return fillPath(filesEndpoints.file.path, { token: signer.sign(grant) });
}

/** The name of the cookie a course grant travels in (one per course: each is scoped to its course's file path). */
export const courseGrantCookie = 'course_grant';

/**
 * The address of a course's file: the same for every user, so the course's answer is kept and compressed once.
 * The course grant comes with the request in a cookie scoped to this path (`courseGrantSetCookie`), not in the
 * address: `?download=1` for an attachment, `?preview=pdf` for an office file's PDF, `?poster=<n>` for a poster.
 */
export function courseFileUrl(courseId: number, fileId: number): string {
  return fillPath(filesEndpoints.courseFile.path, { course: courseId, file: fileId });
}

/**
 * The Set-Cookie value that hands `grant` to the browser: sent back only to this host (no Domain), only for this
 * course's file addresses (Path), never to scripts (HttpOnly) nor with another site's requests (SameSite=Strict),
 * and dropped when the grant expires (Max-Age; the server checks the signed expiry too).
 */
export function courseGrantSetCookie(signer: FileSigner, grant: CourseGrant, now: Date, isHttps: boolean): string {
  const path = fillPath(filesEndpoints.courseFile.path, { course: grant.courseId, file: '' });
  const maxAge = Math.max(0, Math.floor((grant.expiresAt - now.getTime()) / 1000));
  const secure = isHttps ? '; Secure' : '';
  return `${courseGrantCookie}=${signer.signCourse(grant)}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
}

/**
 * The valid course grant for `courseId` among the request's cookies (a browser may hold several of the name,
 * each scoped to its course's path), or undefined.
 */
export function courseGrantOfCookies(
  signer: FileSigner,
  cookieHeader: string | undefined,
  courseId: number,
  now: Date,
): CourseGrant | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.trim().split('=', 2);
    if (name !== courseGrantCookie || !value) continue;
    const grant = signer.verifyCourse(value, now);
    if (grant?.courseId === courseId) return grant;
  }
  return undefined;
}

/** The inline address of a student's photo (stored under `key`), valid until `expiresAt` (ms). */
export function photoUrl(signer: FileSigner, instituteId: number, key: string, expiresAt: number): string {
  return fileUrl(signer, {
    instituteId,
    key,
    name: 'photo',
    type: `image/${key.split('.').at(-1)}`,
    disposition: 'inline',
    expiresAt,
  });
}
