import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBanner } from '../test/factories/home.ts';
import { createInstitute } from '../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp, createTestStorage } from '../test/helpers.ts';
import { addInstituteHosts } from './access/institute-hosts.repository.ts';
import { loggerOptions } from './app.ts';
import type { Database } from './db/client.ts';
import type { Storage } from './lib/storage.ts';
import { renderIndex } from './plugins/web.ts';

function makeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dir, 'assets'));
  const html =
    '<!doctype html><html><head><link rel="icon" href="data:," /><title>My Account</title>' +
    '<link rel="modulepreload" crossorigin href="/my-account/assets/index-abc123.js"></head>' +
    '<body><div id="root"></div></body></html>';
  writeFileSync(join(dir, 'index.html'), html);
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets', 'pdf.worker-abc123.mjs'), 'self.onmessage = () => {};');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  return dir;
}

describe('the app', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  const logLines: string[] = [];

  // No demo: a school at localhost (and 127.0.0.1, school.localhost) with its logo, favicon and a first banner, and a
  // coaching institute at apex.localhost.
  beforeAll(async () => {
    database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, {
      host: 'localhost',
      name: 'Greenfield Public School',
      logoUrl: '/my-account/demo/greenfield-logo.svg',
      faviconUrl: '/my-account/demo/greenfield-favicon.svg',
      isMarketingAndBanner: true,
    });
    await addInstituteHosts(db, school.id, ['127.0.0.1', 'school.localhost']);
    await createBanner(db, school, {
      webUrl: '/my-account/demo/banner-1.svg',
      altText: 'Admissions open for 2027-28',
      sortOrder: 0,
    });
    await createBanner(db, school, { webUrl: '/my-account/demo/banner-2.svg', altText: 'Science Exhibition' });
    await createInstitute(db, { host: 'apex.localhost', name: 'Apex Coaching Institute', isSchool: false });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const logger = { ...(loggerOptions('info') as object), stream };
    app = await createTestApp({
      database,
      logger,
      // inject comes from 127.0.0.1, trusted here as a TLS-terminating proxy.
      config: { LOG_LEVEL: 'info', WEB_DIST_DIR: makeDist(), TRUST_PROXY: ['127.0.0.1'] },
      extraAccess: {
        'POST /api/v1/test/explode': 'anonymous',
        'GET /api/v1/test/bad-value': 'anonymous',
        'GET /api/v1/test/outage': 'anonymous',
      },
    });
    app.post('/api/v1/test/explode', async () => {
      throw new Error('secret internals: connection string postgres://admin:hunter2@db');
    });
    app.get('/api/v1/test/outage', async () => {
      throw new Error('Failed query', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      });
    });
    app.get('/api/v1/test/bad-value', async () => {
      // What drivers raise for a NUL byte or an impossible date: SQLSTATE class 22, wrapped by Drizzle.
      throw new Error('Failed query', { cause: Object.assign(new Error('invalid byte sequence'), { code: '22021' }) });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  describe('health', () => {
    it('answers liveness', async () => {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('is ready when the database answers', async () => {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('errors', () => {
    it('answers an unknown API path with 404 {code, message}', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v9/nothing/here' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No route GET /api/v9/nothing/here' });
    });

    it('answers a path parameter over the router’s limit with 414 {code, message}, not echoing the path', async () => {
      const secret = `grant-${'x'.repeat(1200)}`;
      const response = await app.inject({ method: 'GET', url: `/api/v1/files/${secret}` });
      expect(response.statusCode).toBe(414);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'The address is too long.' });
      expect(response.body).not.toContain('grant-');
    });

    it('answers a path the router cannot decode with 400 {code, message}, not echoing it', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/files/grant-secret%zz' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'The address is not valid.' });
      expect(response.body).not.toContain('grant-secret');
    });

    it('answers a malformed JSON body with 400', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/test/explode',
        headers: { 'content-type': 'application/json' },
        payload: '{"user_name": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    });

    it('answers a body of the wrong content type with 415', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/test/explode',
        headers: { 'content-type': 'application/x-made-up' },
        payload: 'hello',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('answers an oversize body with 413 before reading it all', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/test/explode',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    });

    it('names the field in a validation error', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/institutes/getLogoAndFavIcon' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'querystring.virtualHostUrl: is required',
      });
    });

    it('answers a value the database cannot store with 400, not 500', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/test/bad-value' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'BAD_REQUEST',
        message: 'The request holds a value that cannot be stored',
      });
    });

    it('answers a database outage with 503 and a retry hint, not 500', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/test/outage' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ code: 'UNAVAILABLE', message: 'Service Unavailable' });
    });

    it('hides the details of a 500 and logs them instead', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/v1/test/explode' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 'INTERNAL', message: 'Internal Server Error' });
      expect(response.body).not.toContain('hunter2');
      expect(response.body).not.toContain('at ');
      expect(logLines.join('')).toContain('secret internals');
    });
  });

  describe('security headers', () => {
    it('sends HSTS (over TLS), a CSP with frame-ancestors, nosniff and a referrer policy, no X-Powered-By', async () => {
      const response = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy']).toContain('https://player.vimeo.com');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
    });

    it('marks API JSON as not to be stored', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/institutes/getLogoAndFavIcon?virtualHostUrl=localhost',
      });
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('logs', () => {
    it('keeps phone numbers, passwords and tokens out of request logs', async () => {
      await app.inject({
        method: 'GET',
        url: '/api/v1/alerts/config/messagesByPhoneNo/1/+91-9000000001',
        headers: { authorization: 'Bearer very-secret-token' },
      });
      await app.inject({
        method: 'POST',
        url: '/api/v1/test/explode',
        payload: { user_name: '9000000001', password: 'demo1234' },
      });
      const logged = logLines.join('');
      expect(logged).toContain('messagesByPhoneNo');
      expect(logged).not.toContain('9000000001');
      expect(logged).not.toContain('demo1234');
      expect(logged).not.toContain('very-secret-token');
    });
  });

  describe('web app', () => {
    it('redirects / to the base path', async () => {
      const response = await app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/my-account/');
    });

    it('redirects a page path missing the base, keeping the query', async () => {
      const response = await app.inject({ method: 'GET', url: '/assignment?open=999' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/my-account/assignment?open=999');
    });

    it('falls back to index.html, never cached, for any page under the base', async () => {
      const response = await app.inject({ method: 'GET', url: '/my-account/assignment/42' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    });

    it("carries the host's institute branding, so the app paints it without asking", async () => {
      const page = async (host: string) =>
        (await app.inject({ method: 'GET', url: '/my-account/', headers: { host } })).body;
      const branding = (html: string) => {
        const json = /<script type="application\/json" id="branding">(.*?)<\/script>/s.exec(html)?.[1];
        return json === undefined ? undefined : JSON.parse(json);
      };
      const greenfield = await page('localhost:8080');
      expect(branding(greenfield)).toMatchObject({ instituteName: 'Greenfield Public School' });
      expect(greenfield).toContain('<link rel="preload" as="image" href="/my-account/demo/greenfield-logo.svg"');
      expect(greenfield).toContain('<link rel="icon" href="/my-account/demo/greenfield-favicon.svg" />');
      // Logo and name paint from the HTML itself, before the script.
      expect(greenfield).toContain(
        '<div id="root"><div class="boot" aria-busy="true"><img src="/my-account/demo/greenfield-logo.svg" ' +
          'alt="Greenfield Public School logo" data-paint-first /><p>Greenfield Public School</p></div></div>',
      );
      expect(branding(await page('apex.localhost'))).toMatchObject({ instituteName: 'Apex Coaching Institute' });
      const unknown = await page('nobody.example');
      expect(branding(unknown)).toBeUndefined();
      expect(unknown).toContain('<link rel="icon" href="data:," />');
      expect(unknown).toContain('<div id="root"></div>');
    });

    it("puts the institute's first banner in the dashboard's page and preloads it first, so it paints before the app's code", async () => {
      const page = async (url: string) =>
        (await app.inject({ method: 'GET', url, headers: { host: 'localhost' } })).body;
      const dashboard = await page('/my-account/dashboard');
      const bannerPreload =
        '<link rel="preload" as="image" href="/my-account/demo/banner-1.svg" fetchpriority="high" />';
      expect(dashboard).toContain(bannerPreload);
      // Before the logo's preload, which steps back.
      expect(dashboard.indexOf(bannerPreload)).toBeLessThan(dashboard.indexOf('greenfield-logo.svg'));
      expect(dashboard).toMatch(
        /<img class="boot-banner" src="\/my-account\/demo\/banner-1\.svg" alt="[^"]+" data-paint-first \/>/,
      );
      // Other pages paint the logo first, as before (the notice board paints its first notice: below).
      for (const url of ['/my-account/', '/my-account/assignment', '/my-account/announcement']) {
        const html = await page(url);
        expect(html).not.toContain('banner-1.svg');
        if (!url.endsWith('announcement')) {
          expect(html).toContain('alt="Greenfield Public School logo" data-paint-first />');
        }
      }
    });

    it("paints the exam desk's prompt into its page, and lays out the inbox, notice board and a product for boot.ts to fill (issue 28)", async () => {
      const page = async (url: string) =>
        (await app.inject({ method: 'GET', url, headers: { host: 'localhost' } })).body;
      const prompt =
        '<main class="boot-main" data-path="/my-account/exam"><p class="boot-center" data-paint-first>' +
        'Click on the Test Type to view the scheduled exams</p></main>';
      expect(await page('/my-account/exam')).toContain(prompt);
      expect(await page('/my-account/exam?q=maths')).toContain(prompt);
      // A chosen test type shows its exams, not the prompt: the logo paints first.
      const chosen = await page('/my-account/exam?label=3');
      expect(chosen).not.toContain('Click on the Test Type');
      expect(chosen).toContain('alt="Greenfield Public School logo" data-paint-first />');
      // The screen's layout, no content: the page request carries no session, boot.ts paints the user's messages.
      for (const [url, path] of [
        ['/my-account/Messages', '/my-account/Messages'],
        ['/my-account/messages', '/my-account/messages'],
        ['/my-account/announcement', '/my-account/announcement'],
        ['/my-account/product/2', '/my-account/product/2'],
      ]) {
        const html = await page(url!);
        expect(html).toContain('<div class="boot boot-screen" aria-busy="true"><div class="boot-bar">');
        expect(html).toContain(`<main class="boot-main" data-path="${path}"></main>`);
        expect(html).not.toContain('data-paint-first');
      }
      for (const url of ['/my-account/fees', '/my-account/dashboard', '/my-account/', '/my-account/product']) {
        expect(await page(url)).not.toContain('boot-main');
      }
    });

    it('keeps a hostile banner address and text as data in the page', () => {
      const html = renderIndex(
        '<link rel="icon" href="data:," /><div id="root"></div>',
        { instituteId: 1, instituteName: 'School', logoPath: '/logo.svg', favIconPath: '/f.svg' },
        { webUrl: '/b.svg" onerror="alert(1)', altText: '"><script>alert(1)</script>' },
      );
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('" onerror="');
      expect(html).toContain('src="/b.svg&quot; onerror=&quot;alert(1)"');
    });

    it('serves each host its institute’s web app manifest (name and icon), linked from the page', async () => {
      const manifest = async (host: string) =>
        app.inject({ method: 'GET', url: '/my-account/manifest.webmanifest', headers: { host } });
      const greenfield = await manifest('localhost:8080');
      expect(greenfield.statusCode).toBe(200);
      expect(greenfield.headers['content-type']).toContain('application/manifest+json');
      expect(greenfield.json()).toMatchObject({
        name: 'Greenfield Public School',
        start_url: '/my-account/dashboard',
        scope: '/my-account/',
        display: 'standalone',
        icons: [{ src: '/my-account/demo/greenfield-favicon.svg', type: 'image/svg+xml' }],
      });
      expect((await manifest('apex.localhost')).json()).toMatchObject({ name: 'Apex Coaching Institute' });
      expect((await manifest('nobody.example')).statusCode).toBe(404);
      const page = (await app.inject({ method: 'GET', url: '/my-account/', headers: { host: 'localhost' } })).body;
      expect(page).toContain('<link rel="manifest" href="/my-account/manifest.webmanifest" />');
    });

    it('leaves the app’s preload links out of every page, so the logo (the dashboard’s banner) paints before the code shares the line', async () => {
      const page = async (url: string) => {
        const response = await app.inject({ method: 'GET', url });
        expect(response.body).toContain('<div id="root">');
        return response.body;
      };
      for (const url of [
        '/my-account/',
        '/my-account',
        '/my-account/userLogin?token=x',
        '/my-account/errorPage',
        '/my-account/assignment/42',
        '/my-account/Profile',
      ]) {
        expect(await page(url)).not.toContain('modulepreload');
      }
      const dashboard = await page('/my-account/dashboard');
      expect(dashboard).toContain('data-paint-first');
      expect(dashboard).not.toContain('modulepreload');
    });

    it('keeps hostile institute names and addresses as data in the page', () => {
      const html = renderIndex('<link rel="icon" href="data:," /><div id="root"></div>', {
        instituteId: 1,
        instituteName: '</script><script>alert(1)</script>\u2028',
        logoPath: '/logo.svg" onload="alert(1)',
        favIconPath: '/f.svg',
      });
      expect(html).not.toContain('<script>alert');
      expect(html).toContain('href="/logo.svg&quot; onload=&quot;alert(1)"');
      expect(html).toContain('<p>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;\u2028</p>');
      expect(html.match(/<\/script>/g)).toHaveLength(1);
      const json = /id="branding">(.*?)<\/script>/s.exec(html)![1]!;
      expect(JSON.parse(json).instituteName).toBe('</script><script>alert(1)</script>\u2028');
    });

    it('serves hashed assets precompressed with a year-long immutable cache', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/my-account/assets/index-abc123.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it("sends a hashed script without the page's policies (they govern documents), a worker and the service worker with them", async () => {
      const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      const script = await get('/my-account/assets/index-abc123.js');
      expect(script.headers['content-security-policy']).toBeUndefined();
      expect(script.headers['x-frame-options']).toBeUndefined();
      // These two do apply to a script.
      expect(script.headers['x-content-type-options']).toBe('nosniff');
      expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Named by its content, cached as immutable: no validators or ranges to send (issue 28).
      expect(script.headers.etag).toBeUndefined();
      expect(script.headers['last-modified']).toBeUndefined();
      expect(script.headers['accept-ranges']).toBeUndefined();
      // An unknown asset address answers the app's page, a document: the policies stay (they are dropped only for a
      // file actually served, in @fastify/static's setHeaders, not by path).
      const page = await get('/my-account/assets/missing-abc123.js');
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      for (const url of ['/my-account/assets/pdf.worker-abc123.mjs', '/my-account/sw.js']) {
        const worker = await get(url);
        expect(worker.statusCode).toBe(200);
        expect(worker.headers['content-security-policy']).toContain("default-src 'self'");
        expect(worker.headers.etag).toBeDefined();
      }
    });

    it('does not redirect API writes to pages', async () => {
      const response = await app.inject({ method: 'POST', url: '/dashboard' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    });
  });
});

describe('readiness without a database', () => {
  it('answers 503 when the database does not answer', async () => {
    const database = await createMigratedDatabase();
    const failing: Database = { ...database, ping: () => Promise.reject(new Error('connection refused')) };
    const app = await createTestApp({ database: failing });
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 'UNAVAILABLE', message: 'Service Unavailable' });
    await app.close();
  });

  it('answers 503 when the file store does not answer, and 200 once it does again', async () => {
    let answers = false;
    const storage = createTestStorage();
    const flaky: Storage = Object.assign(Object.create(storage) as Storage, {
      ping: () => (answers ? storage.ping() : Promise.reject(new Error('NoSuchBucket'))),
    });
    const app = await createTestApp({ storage: flaky });
    const refused = await app.inject({ method: 'GET', url: '/readyz' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ code: 'UNAVAILABLE', message: 'Service Unavailable' });
    answers = true;
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await app.close();
  });
});
