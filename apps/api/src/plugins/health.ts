import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Storage } from '../lib/storage.ts';

/**
 * Liveness (the process answers) and readiness (the database and the file store answer too: a process whose
 * bucket refuses it would fail every upload and download, so the proxy should send it nothing).
 */
export async function healthRoutes(app: FastifyInstance, options: { database: Database; storage: Storage }) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    const [database, storage] = await Promise.allSettled([options.database.ping(), options.storage.ping()]);
    if (database.status === 'fulfilled' && storage.status === 'fulfilled') return { status: 'ready' };
    if (database.status === 'rejected') request.log.warn({ err: database.reason }, 'database not ready');
    if (storage.status === 'rejected') request.log.warn({ err: storage.reason }, 'file storage not ready');
    return reply.status(503).send({ code: 'UNAVAILABLE', message: 'Service Unavailable' });
  });
}
