import { adminContract, adminFilesContract } from '@campus/domain/admin/admin.contract';
import { adminEndpointNames, adminKinds } from '@campus/domain/admin/admin.endpoints';
import type { BoundEndpoint } from '@campus/domain/shared/endpoint';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { takeMultipart } from '../../lib/uploads.ts';
import { AppError } from '../../errors.ts';
import { kindModules } from './kinds/index.ts';
import { deleteAdminFiles, enqueuePreviewOf, uploadAdminFile } from './admin-files.ts';
import { BatchRefused, runBatch } from './admin.service.ts';

type BatchEndpoint = (typeof adminContract)[keyof typeof adminContract];

/** The admin key the auth hook accepted (adminKey routes only reach a handler with one). */
function adminKeyOf(request: FastifyRequest) {
  if (!request.adminKey) throw new AppError(401, 'UNAUTHORIZED', 'A valid API key is required');
  return request.adminKey;
}

/** The admin API: a batch upsert and a batch delete per entity kind, for the institute of the request's key. */
export async function adminRoutes(app: FastifyInstance) {
  await takeMultipart(app);
  for (const kind of adminKinds) {
    const names = adminEndpointNames(kind);
    for (const mode of ['upsert', 'remove'] as const) {
      const endpoint = adminContract[names[mode]] as BatchEndpoint & BoundEndpoint;
      defineRoute(
        app,
        endpoint,
        async ({ body, request }) => {
          const key = adminKeyOf(request);
          try {
            const { createdLogins: _logins, ...answer } = await runBatch(
              app.db,
              { instituteId: key.instituteId, keyId: key.id, source: 'api' },
              kind,
              mode,
              body.rows,
              // Receipts of payments are stored with the app's files; their QR codes open this host's portal. Their
              // PDFs are drawn by the receipt-render job once the batch has committed.
              {
                now: app.now(),
                receipts: { storage: app.storage, origin: `${request.protocol}://${request.host}`, draw: 'later' },
              },
            );
            const { afterCommit } = kindModules[kind];
            if (afterCommit && mode === 'upsert' && answer.created + answer.updated > 0) {
              // Not enqueued now (the queue away), the job's sweep catches up.
              await afterCommit(app.jobs, key.instituteId).catch((error: unknown) =>
                request.log.warn({ err: error, kind }, 'could not enqueue the work a batch calls for'),
              );
            }
            return answer;
          } catch (error) {
            if (error instanceof BatchRefused) throw new AppError(422, 'VALIDATION_FAILED', error.message);
            throw error;
          }
        },
        // A batch of a few thousand rows is a few MB of JSON.
        { bodyLimit: 16 * 1024 * 1024 },
      );
    }
  }

  // Files rows name by file_external_id: uploaded one per request (streamed and checked), deleted in batches.
  defineRoute(app, adminFilesContract.filesUpload, async ({ request, authorizeMultipart }) => {
    const key = adminKeyOf(request);
    const answer = await uploadAdminFile(
      app.db,
      app.storage,
      request,
      { instituteId: key.instituteId, keyId: key.id, source: 'api' },
      app.now(),
      authorizeMultipart,
    );
    await enqueuePreviewOf(app, key.instituteId, answer);
    return answer;
  });
  defineRoute(app, adminFilesContract.filesDelete, async ({ body, request }) => {
    const key = adminKeyOf(request);
    try {
      const { createdLogins: _logins, ...answer } = await deleteAdminFiles(
        app.db,
        app.storage,
        { instituteId: key.instituteId, keyId: key.id, source: 'api' },
        body.rows,
        app.now(),
      );
      return answer;
    } catch (error) {
      if (error instanceof BatchRefused) throw new AppError(422, 'VALIDATION_FAILED', error.message);
      throw error;
    }
  });
}
