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
 * route serves a file under it only when the file belongs to that course and institute (library-access.ts).
 */
export interface CourseGrant {
  instituteId: number;
  courseId: number;
  userId: number;
  expiresAt: number;
}

/** The compact form a course grant is signed in (it is repeated in every file address of the course). */
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

/**
 * The address prefix of the files of a course under `grant`: a file's address is this prefix, a slash and the
 * file's id (`?download=1` for an attachment, `?preview=pdf` for an office file's PDF).
 */
export function courseFilesBase(signer: FileSigner, grant: CourseGrant): string {
  return fillPath(filesEndpoints.courseFile.path, { token: signer.signCourse(grant), file: '' }).replace(/\/$/, '');
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
