import { knownPushServices } from './lib/push-services.ts';
import { studentUserType } from '@campus/domain/auth/user-types';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSerializerCompiler } from './access/answers.ts';
import { instituteSettingsCache } from './access/institute-settings.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import rateLimit from '@fastify/rate-limit';
import { defaultAuthRateLimits, jobKinds, registerFeatures, type AuthRateLimits } from './features/index.ts';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadOrCreateSetting } from './db/server-settings.ts';
import { openRateLimitStore } from './lib/rate-limit-store.ts';
import { fileSigner } from './lib/signed-urls.ts';
import { openJobQueue, type WorkerMode } from './lib/job-queue.ts';
import { logMailSender, type MailSender } from './lib/mail.ts';
import type { PushSender } from './lib/push.ts';
import { logSmsSender, type SmsSender } from './lib/sms.ts';
import type { Storage } from './lib/storage.ts';
import { videoProvidersFromConfig, type VideoProviders } from './lib/video-providers.ts';
import {
  officeConverterFrom,
  officePreviewer,
  type OfficeConverter,
  type OfficePreviewLimits,
} from './lib/office-preview.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { healthRoutes } from './plugins/health.ts';
import { securityPlugin } from './plugins/security.ts';
import { defaultRequestTimeouts, timeoutsPlugin, type RequestTimeouts } from './plugins/timeouts.ts';
import { webBase, webRoutes } from './plugins/web.ts';
import { normaliseHost } from '@campus/domain/shell/shell.contract';
import { findFirstBanner } from './features/home/home.repository.ts';
import { findBrandingByHost } from './features/shell/shell.repository.ts';
import type { AccessRule } from './types.d.ts';

/** How long after listening the job queue starts (app.ts `onListen`); an enqueue starts it sooner. */
const jobsStartDelayMs = 3000;

/** Brotli quality of compressed answers (bench/compression.ts measures the choice). */
export const answerBrotliQuality = 4;

const defaultDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Masks runs of 6+ digits (phone numbers, ids that identify people) in logged URLs. */
export const maskDigits = (text: string) =>
  text.replace(/\d{6,}/g, (run) => `${'*'.repeat(run.length - 2)}${run.slice(-2)}`);

/** Query parameters that carry a credential: the auto-login password, SSO and login tokens, keys. */
const secretParameter = /^(pwd|passwd|password|token|key|api_?key|access_token|secret)$/i;

/**
 * A request address safe to log: the values of credential parameters and the grant of a signed file address
 * replaced by [redacted], then long digit runs masked.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  // Signed file addresses carry their grant in the path.
  const path = (mark === -1 ? url : url.slice(0, mark)).replace(/^(\/api\/v1\/files\/)[^/]+/, '$1[redacted]');
  if (mark === -1) return maskDigits(path);
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A malformed escape is logged as sent, name and all.
      }
      return secretParameter.test(name.replace(/\[\]$/, '').trim()) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return maskDigits(`${path}?${query}`);
}

/** Headers that carry a credential, never logged. */
const credentialHeaders = ['authorization', 'x-api-key', 'cookie', 'proxy-authorization', 'idempotency-key'];

/** Logger options: structured request logs without passwords, tokens or phone numbers. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        ...credentialHeaders.map((header) => `req.headers["${header}"]`),
        ...credentialHeaders.map((header) => `headers["${header}"]`),
        '*.password',
        '*.pwd',
        '*.token',
        '*.key',
        '*.oldPassword',
        '*.newPassword',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

export interface AppOptions {
  config: Pick<Config, 'LOG_LEVEL'> & Partial<Pick<Config, 'WEB_DIST_DIR' | 'TRUST_PROXY' | 'DOCS' | 'REDIS_URL'>>;
  database: Database;
  /** Where uploaded and seeded files live. */
  storage: Storage;
  now?: () => Date;
  /** Overrides the logger (tests pass a stream to read what was logged). */
  logger?: FastifyServerOptions['logger'];
  /** Delivers text messages; the default writes them to the log (development). */
  sms?: SmsSender;
  /** Sends alerts by email; the default writes them to the log (development, no SMTP_URL). */
  mail?: MailSender;
  /** The VAPID public key (base64url) browsers subscribe with; absent: Web Push is not set up. */
  pushKey?: string;
  /** Sends alerts by Web Push, signed with the key pair of `pushKey` (lib/push.ts webPushSender). */
  push?: PushSender;
  /** The push services a subscription may name (lib/push-services.ts); tests add their loopback endpoint. */
  pushServices?: readonly string[];
  rateLimits?: Partial<AuthRateLimits>;
  /** Tests: every answer is checked against its zod schema, and a handler reading an undeclared id fails. */
  strict?: boolean;
  /** Body and upload timeouts (tests shorten them). */
  timeouts?: Partial<RequestTimeouts>;
  /** Vimeo and VdoCipher per institute; the default reads VIDEO_CREDENTIALS (lib/video-providers.ts). */
  videoProviders?: VideoProviders;
  /** Office previews: undefined runs LibreOffice in the document sandbox, null turns them off. */
  officeConverter?: OfficeConverter | null;
  /** The document sandbox's limits per conversion and the conversions run at once (configuration). */
  officePreviews?: OfficePreviewLimits;
  /** Rules for routes a test adds to the app; real routes are registered from endpoint descriptors. */
  extraAccess?: Record<string, AccessRule>;
  /** Background jobs: `inline` (default) runs them in this process, `off` only enqueues (a worker runs them). */
  worker?: WorkerMode;
  /** How long a preview request waits for its office file's conversion (default 15 s; tests shorten it). */
  officePreviewWaitMs?: number;
}

/** The whole server as one Fastify instance; `server-main.ts` only listens and closes it. */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(options.config.LOG_LEVEL),
    bodyLimit: 1024 * 1024,
    // Signed file addresses carry their grant in the path.
    routerOptions: { maxParamLength: 1000 },
    // The router's own 414 and 400 in the common error shape, without echoing the path.
    frameworkErrors,
    // Forwarded headers (client address, host, protocol) only from the configured proxies; from anyone else
    // they are ignored, so they cannot dodge per-address limits, forge log lines or pick the institute.
    trustProxy: options.config.TRUST_PROXY?.length ? options.config.TRUST_PROXY : false,
    return503OnClosing: true,
    // Headers must arrive within 20 s; the body is timed by the timeouts plugin.
    http: { headersTimeout: 20_000 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ checkAnswers: options.strict ?? false }));
  app.decorate('strictIds', options.strict ?? false);
  app.decorate('instituteSettings', instituteSettingsCache(options.database.db));
  app.decorate('db', options.database.db);
  app.decorate('storage', options.storage);
  const secret = await loadOrCreateSetting(options.database.db, 'file_url_secret', () =>
    randomBytes(32).toString('hex'),
  );
  app.decorate('signer', fileSigner(secret));
  app.decorate('now', options.now ?? (() => new Date()));
  const worker = options.worker ?? 'inline';
  app.decorate('jobs', openJobQueue(options.database, { kinds: jobKinds, log: app.log, works: worker === 'inline' }));
  // Texts go through the gateway where jobs run (the sms-send job); the default writes them to the log (development).
  app.decorate('sms', options.sms ?? logSmsSender(app.log));
  app.decorate('mail', options.mail ?? logMailSender(app.log));
  app.decorate('pushKey', options.pushKey ?? null);
  app.decorate('push', options.push);
  app.decorate('pushServices', options.pushServices ?? knownPushServices);
  // Office files are converted where jobs run: here on WORKER=inline, in the worker otherwise.
  app.decorate(
    'officePreviews',
    worker === 'inline'
      ? officePreviewer(
          options.database.db,
          options.storage,
          officeConverterFrom(
            { officeConverter: options.officeConverter, officePreviews: options.officePreviews },
            app.log,
          ),
          { atOnce: options.officePreviews?.atOnce ?? 2, now: () => app.now(), log: app.log },
        )
      : undefined,
  );
  // The queue starts a few seconds after the server listens (or at the first enqueue: tests through inject), so that
  // neither the start nor the first requests wait for pg-boss (0.2 s of CPU to load, more on a busy machine).
  let startJobs: ReturnType<typeof setTimeout> | undefined;
  app.addHook('onListen', async () => {
    startJobs = setTimeout(() => {
      app.jobs.start().catch((error: unknown) => app.log.error({ err: error }, 'the job queue could not start'));
    }, jobsStartDelayMs);
    startJobs.unref();
  });

  // Requests between their first hook and their answer, so closing can wait for them.
  let active = 0;
  let onDrained: (() => void) | undefined;
  app.addHook('onRequest', async () => {
    active += 1;
  });
  app.addHook('onSend', async (_request, _reply, payload) => {
    active = Math.max(0, active - 1);
    if (active === 0) onDrained?.();
    return payload;
  });

  await app.register(errorsPlugin);
  await app.register(timeoutsPlugin, { timeouts: { ...defaultRequestTimeouts, ...options.timeouts } });
  // Security headers first: their hook must run even when authentication refuses the request.
  await app.register(securityPlugin);
  // Every route takes its rule from the access matrix; one missing there stops the server from starting.
  await app.register(authPlugin, { extraAccess: options.extraAccess });
  // Per-address limits count where every API process sees them: the database, or Redis (REDIS_URL).
  const rateLimitStore = await openRateLimitStore({
    redisUrl: options.config.REDIS_URL,
    db: options.database.db,
    now: () => app.now(),
    log: app.log,
  });
  app.addHook('onClose', rateLimitStore.close);
  await app.register(rateLimit, { global: false, ...rateLimitStore.options });
  // The web app's files go as built: @fastify/static sends the .br/.gz the build wrote (scripts/precompress.mjs), and
  // nothing there is compressed again per request. Stored files opt out by their descriptor (answerType 'file').
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(`${webBase}/`)) route.compress ??= false;
  });
  // JSON answers over 1 KB in brotli or gzip, as the request accepts (Vary: Accept-Encoding on those). Brotli at
  // quality 4, not zlib's 11: on the 54 KB timetable month 4 takes 0.23 ms of CPU for 2.2 KB, 11 135 ms for 1.6 KB
  // (bench/compression.ts, README Benchmarks). Compressed requests are not taken (no client sends them).
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: 1024,
    // Answers up to 256 KB are compressed in one synchronous call (the plugin's default on 2 cores is 8 KB): at
    // quality 4 that is ~0.05 ms for the notices' 16 KB and ~0.25 ms for the timetable month's 55 KB, where the
    // stream pipeline cost about 1 ms of CPU an answer (README, "Compressed answers in one call").
    syncThreshold: 256 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: answerBrotliQuality } },
  });
  // DOCS=false keeps the API description off a production server.
  if (options.config.DOCS !== 'false') {
    await app.register(swagger, {
      openapi: { info: { title: 'Campus Portal API', version: '0.1.0' } },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
  }

  await app.register(healthRoutes, { database: options.database, storage: options.storage });
  await registerFeatures(app, {
    rateLimits: { ...defaultAuthRateLimits, ...options.rateLimits },
    videoProviders: options.videoProviders ?? videoProvidersFromConfig(process.env.VIDEO_CREDENTIALS),
    officePreviewWaitMs: options.officePreviewWaitMs ?? 15_000,
  });
  if (worker === 'inline') app.jobs.work(app);
  await app.register(webRoutes, {
    distDir: options.config.WEB_DIST_DIR ?? defaultDistDir,
    // The page still loads without its branding when the database is away; the app then asks and says why.
    brandingFor: (host) => findBrandingByHost(app.db, normaliseHost(host)).catch(() => undefined),
    // Students are most of the dashboard's visitors; a parent whose first banner differs downloads one image more.
    firstBannerFor: (instituteId) => findFirstBanner(app.db, instituteId, studentUserType),
  });

  app.addHook('onClose', async () => {
    // A request whose client hung up keeps running; let such requests finish (5 s at most) before the
    // database goes, or they fail half-way against a closed pool.
    if (active > 0) await Promise.race([new Promise<void>((resolve) => (onDrained = resolve)), sleep(5000)]);
    // Jobs running here finish (or are given back for a retry) before the database goes.
    clearTimeout(startJobs);
    await app.jobs.stop();
    await options.database.close();
  });
  return app;
}

/** The app type, for tests and scripts. */
export type App = Awaited<ReturnType<typeof buildApp>>;
