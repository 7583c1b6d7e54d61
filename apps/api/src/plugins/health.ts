import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

/** Liveness (the process answers) and readiness (the database answers too). */
export async function healthRoutes(app: FastifyInstance, options: { database: Database }) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await options.database.ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      return reply.status(503).send({ code: 'UNAVAILABLE', message: 'Service Unavailable' });
    }
  });
}
