import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { publicPages } from '@campus/domain/shell/pages';
import type { LogoResult } from '@campus/domain/shell/shell.contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** Base path of the web app (spec part 1 §2). */
export const webBase = '/my-account';

/** Paths that belong to the API services; anything else without the base is a page of the app. */
export const apiPrefixes = ['/api/', '/prod/', '/exam-service/', '/docs', '/healthz', '/readyz'];

const isApiPath = (path: string) =>
  apiPrefixes.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON that stays data inside a script element: no `</script>`, no HTML comment, no JS line breaks. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Addresses of the pages a visitor without a session opens (with and without the base's trailing slash). */
const signInPaths = new Set([webBase, ...Object.values(publicPages).map((page) => `${webBase}${page}`)]);

/** The page without its modulepreload links: on sign-in pages the logo has the connection to itself. */
const withoutPreloads = (template: string) => template.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');

/**
 * index.html for the institute at the page's host: its branding travels with the page (the app reads it instead
 * of asking for it, saving a round trip before anything institute-specific can paint), the favicon is set, and
 * the logo and name paint from the HTML while the script loads. A JSON script element is data, so the CSP's
 * script-src still holds.
 */
export function renderIndex(template: string, branding: LogoResult | undefined): string {
  if (!branding) return template;
  const head = [
    `<link rel="icon" href="${escapeHtml(branding.favIconPath)}" />`,
    `<link rel="preload" as="image" href="${escapeHtml(branding.logoPath)}" fetchpriority="high" />`,
  ].join('\n    ');
  const data = `<script type="application/json" id="branding">${scriptSafeJson(branding)}</script>`;
  const name = escapeHtml(branding.instituteName);
  const boot =
    `<div class="boot" aria-busy="true"><img src="${escapeHtml(branding.logoPath)}" alt="${name} logo" />` +
    `<p>${name}</p></div>`;
  return template
    .replace('<link rel="icon" href="data:," />', head)
    .replace('<div id="root"></div>', `${data}\n    <div id="root">${boot}</div>`);
}

/**
 * Serves the built web app under /my-account: hashed assets cached for a year, index.html never cached,
 * brotli/gzip files chosen when the browser accepts them, and every unknown page falls back to index.html.
 * Page paths missing the base are redirected under it; unknown API paths answer 404 `{code, message}`.
 */
export async function webRoutes(
  app: FastifyInstance,
  options: { distDir: string; brandingFor: (host: string) => Promise<LogoResult | undefined> },
) {
  const indexPath = join(options.distDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  const template = hasBuild ? readFileSync(indexPath, 'utf8') : '';
  const signInTemplate = withoutPreloads(template);
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

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasBuild) throw new AppError(404, 'NOT_FOUND', 'The web app is not built; run npm run build');
    const isSignIn = signInPaths.has(request.url.split('?', 1)[0]!);
    const html = renderIndex(isSignIn ? signInTemplate : template, await options.brandingFor(request.host));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const [path = '/', query] = request.url.split(/\?(.*)/s, 2);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && (path === webBase || path.startsWith(`${webBase}/`))) return sendIndex(request, reply);
    if (isRead && !isApiPath(path)) {
      const target = `${webBase}${path === '/' ? '/' : path}${query ? `?${query}` : ''}`;
      return reply.redirect(target, 302);
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${path.slice(0, 200)}` });
  });
}
