import { filesContract } from '@campus/domain/files/files.contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { AppError } from '../../errors.ts';

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Serves a stored file to whoever holds a valid signed address, at its institute's host: the route that handed the
 * address out checked the user's right to it. Downloads are attachments, and nosniff keeps a file from being run as a page.
 */
export async function filesRoutes(app: FastifyInstance) {
  defineRoute(app, filesContract.file, async ({ params, request, reply }) => {
    const grant = app.signer.verify(params.token, app.now());
    // An address works only at the host names of the institute that handed it out.
    if (!grant || grant.instituteId !== (await app.instituteIdOfHost(request))) {
      throw new AppError(403, 'FORBIDDEN', 'This file link is invalid or has expired.');
    }
    const file = await app.storage.open(grant.key).catch(() => undefined);
    if (!file) throw new AppError(404, 'NOT_FOUND', 'Not Found');
    const seconds = Math.max(0, Math.floor((grant.expiresAt - app.now().getTime()) / 1000));
    return (
      reply
        .header('content-type', grant.type)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(grant.disposition, grant.name))
        .header('x-content-type-options', 'nosniff')
        // A stored SVG or HTML file opened directly must not run script on this origin.
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', `private, max-age=${seconds}`)
        .send(file.stream)
    );
  });
}
