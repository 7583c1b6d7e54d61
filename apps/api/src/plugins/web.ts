import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { chooseTestTypeText } from '@campus/domain/exam/desk-status';
import type { LogoResult } from '@campus/domain/shell/shell.contract';
import { productIdOf } from '@campus/domain/shell/pages';
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

/**
 * Security headers that govern a document (or a worker), not a script, style or image it loads; nosniff and
 * cross-origin-resource-policy stay on every answer, since they do apply to subresources.
 */
export const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Headers a content-named asset never uses (see webRoutes). */
const assetOnlyUnneeded = ['etag', 'last-modified', 'accept-ranges'];

/** The dashboard's address (the start page of the installed app): its page carries the first banner. */
const dashboardPath = `${webBase}/dashboard`;

/** The banner home opens on, painted from the page itself (its largest element, so its LCP). */
export interface BootBanner {
  webUrl: string;
  altText: string;
}

/**
 * A screen whose largest element is its content, not the logo (issue 28: LCP 2.6-2.9 s while it waited for the
 * app's code): its page is laid out as the signed-in screen (a 60 px bar, the content as wide as the shell's), and
 * paints that content before any script. The exam desk's prompt is fixed text, painted here; the inbox and the
 * notice board and a product's card are the user's (the page request carries no session), painted by boot.ts (apps/web/src) from its
 * early requests into the `main` named here. The app's element is then no larger than the painted one, so the
 * early paint stays the page's LCP. `data-path` lets boot.ts drop it from a page kept for another address.
 */
export function bootScreen(path: string, query: URLSearchParams): string | undefined {
  const screen = path.slice(webBase.length).toLowerCase();
  const main = (content = '') => `<main class="boot-main" data-path="${escapeHtml(path)}">${content}</main>`;
  // Until a test type is chosen (none in the address), the desk shows only its prompt.
  if (screen === '/exam' && !query.get('label')) {
    return main(`<p class="boot-center" data-paint-first>${escapeHtml(chooseTestTypeText)}</p>`);
  }
  // A product's card is painted from the My Products answer, as the inbox is.
  if (screen === '/messages' || screen === '/announcement' || productIdOf(screen) !== undefined) return main();
  return undefined;
}

/**
 * The page without its modulepreload links: every page paints the institute's logo (the dashboard its first banner)
 * before the app's code shares the line; boot.ts (apps/web/src) preloads the code after that paint. On a slow phone
 * this took the signed-in screens' LCP from 1.7-1.9 s to about 1.0 s in Lighthouse (issue 18).
 */
const withoutPreloads = (template: string) => template.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');

/**
 * index.html for the institute at the page's host: its branding travels with the page (the app reads it instead
 * of asking for it, saving a round trip before anything institute-specific can paint), the favicon is set, and
 * the logo and name paint from the HTML while the script loads. A JSON script element is data, so the CSP's
 * script-src still holds.
 */
export function renderIndex(
  template: string,
  branding: LogoResult | undefined,
  banner?: BootBanner,
  screen?: string,
): string {
  if (!branding) return template;
  // The dashboard's first banner is its largest paint: preloaded first, and the element boot.ts (apps/web/src) waits for.
  const head = [
    `<link rel="icon" href="${escapeHtml(branding.favIconPath)}" />`,
    `<link rel="manifest" href="${webBase}/manifest.webmanifest" />`,
    ...(banner ? [`<link rel="preload" as="image" href="${escapeHtml(banner.webUrl)}" fetchpriority="high" />`] : []),
    `<link rel="preload" as="image" href="${escapeHtml(branding.logoPath)}" fetchpriority="${banner ? 'low' : 'high'}" />`,
  ].join('\n    ');
  const data = `<script type="application/json" id="branding">${scriptSafeJson(branding)}</script>`;
  const name = escapeHtml(branding.instituteName);
  const first = (flag: boolean) => (flag ? ' data-paint-first' : '');
  const bannerImage = banner
    ? `<img class="boot-banner" src="${escapeHtml(banner.webUrl)}" alt="${escapeHtml(banner.altText)}"${first(true)} />`
    : '';
  const logo = `<img src="${escapeHtml(branding.logoPath)}" alt="${name} logo"`;
  const boot = screen
    ? `<div class="boot boot-screen" aria-busy="true"><div class="boot-bar">${logo} /><p>${name}</p></div>${screen}</div>`
    : `<div class="boot" aria-busy="true">${logo}${first(!banner)} /><p>${name}</p>${bannerImage}</div>`;
  return template
    .replace('<link rel="icon" href="data:," />', head)
    .replace('<div id="root"></div>', `${data}\n    <div id="root">${boot}</div>`);
}

/** The image type of an icon, from its file name (the manifest names it, so the browser need not guess). */
const iconType = (path: string) => {
  const extension = path.split('?', 1)[0]!.split('.').at(-1)?.toLowerCase();
  return extension === 'svg' ? 'image/svg+xml' : extension === 'jpg' ? 'image/jpeg' : `image/${extension}`;
};

/**
 * The web app manifest of the institute at a host (the installable app, issue 18): its name and icon, so an app
 * installed from Greenfield's address is Greenfield's. The institute is found by host, as for the page itself.
 */
export function webManifest(branding: LogoResult) {
  const icon = { src: branding.favIconPath || branding.logoPath, sizes: 'any', purpose: 'any' };
  return {
    name: branding.instituteName,
    short_name: branding.instituteName.length > 12 ? branding.instituteName.split(' ')[0] : branding.instituteName,
    start_url: `${webBase}/dashboard`,
    scope: `${webBase}/`,
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1864ab',
    icons: [{ ...icon, type: iconType(icon.src) }],
  };
}

/**
 * Serves the built web app under /my-account: hashed assets cached for a year, index.html never cached,
 * brotli/gzip files chosen when the browser accepts them, and every unknown page falls back to index.html.
 * Page paths missing the base are redirected under it; unknown API paths answer 404 `{code, message}`.
 */
export async function webRoutes(
  app: FastifyInstance,
  options: {
    distDir: string;
    brandingFor: (host: string) => Promise<LogoResult | undefined>;
    /** The institute's first banner for the dashboard's page, when it shows banners. */
    firstBannerFor?: (instituteId: number) => Promise<BootBanner | undefined>;
  },
) {
  const indexPath = join(options.distDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  const template = hasBuild ? readFileSync(indexPath, 'utf8') : '';
  const page = withoutPreloads(template);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: `${webBase}/`,
      preCompressed: true,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, path) => {
        const isAsset = path.includes('/assets/');
        reply.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A hashed script, style or image is never a document: the page's policies do nothing there and cost about
        // 850 bytes per answer over HTTP/1.1, some 20 KB on a screen of 24 scripts (issue 18). Workers keep them,
        // as a worker's answer sets its own CSP.
        if (isAsset && !/worker/i.test(path)) {
          for (const header of documentOnlyHeaders) reply.removeHeader(header);
          // Named by its content and cached as immutable: never revalidated nor fetched in parts, so its validators
          // and range header are ~100 bytes of nothing per file, 1-2 KB on a screen of 12-20 scripts (issue 28).
          for (const header of assetOnlyUnneeded) reply.removeHeader(header);
        }
      },
    });
  }

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasBuild) throw new AppError(404, 'NOT_FOUND', 'The web app is not built; run npm run build');
    const [path = '', query = ''] = request.url.split(/\?(.*)/s, 2);
    const branding = await options.brandingFor(request.host);
    const banner =
      path.toLowerCase() === dashboardPath.toLowerCase() && branding
        ? await options.firstBannerFor?.(branding.instituteId).catch(() => undefined)
        : undefined;
    const html = renderIndex(page, branding, banner, bootScreen(path, new URLSearchParams(query)));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  // Per host, never cached long: an institute's new name or icon shows at the next visit.
  app.get(`${webBase}/manifest.webmanifest`, async (request, reply) => {
    const branding = await options.brandingFor(request.host);
    if (!branding) throw new AppError(404, 'NOT_FOUND', 'No institute is registered at this address');
    return reply
      .header('cache-control', 'no-cache')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(webManifest(branding)));
  });

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
