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
}

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
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return undefined;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      try {
        const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as FileGrant;
        return grant.expiresAt > now.getTime() ? grant : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export type FileSigner = ReturnType<typeof fileSigner>;

/** The address that serves a file under `grant`: the one way routes hand out file addresses. */
export function fileUrl(signer: FileSigner, grant: FileGrant): string {
  return fillPath(filesEndpoints.file.path, { token: signer.sign(grant) });
}
