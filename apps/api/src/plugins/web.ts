import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** Base path of the web app (spec part 1 §2). */
export const webBase = '/my-account';

/** Paths that belong to the API services; anything else without the base is a page of the app. */
export const apiPrefixes = ['/api/', '/prod/', '/exam-service/', '/docs', '/healthz', '/readyz'];

const isApiPath = (path: string) =>
  apiPrefixes.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));

/**
 * Serves the built web app under /my-account: hashed assets cached for a year, index.html never cached,
 * brotli/gzip files chosen when the browser accepts them, and every unknown page falls back to index.html.
 * Page paths missing the base are redirected under it; unknown API paths answer 404 `{code, message}`.
 */
export async function webRoutes(app: FastifyInstance, options: { distDir: string }) {
  const hasBuild = existsSync(join(options.distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: `${webBase}/`,
      preCompressed: true,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => {
    if (!hasBuild) throw new AppError(404, 'NOT_FOUND', 'The web app is not built; run npm run build');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const [path = '/', query] = request.url.split(/\?(.*)/s, 2);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && (path === webBase || path.startsWith(`${webBase}/`))) return sendIndex(reply);
    if (isRead && !isApiPath(path)) {
      const target = `${webBase}${path === '/' ? '/' : path}${query ? `?${query}` : ''}`;
      return reply.redirect(target, 302);
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${path.slice(0, 200)}` });
  });
}
