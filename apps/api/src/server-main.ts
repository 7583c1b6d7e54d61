import { join, resolve } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseUnavailableError } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { DemoOnPostgresError, openConfiguredDatabase } from './db/open.ts';
import { sweepPendingFiles } from './db/pending-files.ts';
import { hasDemoInstitutes } from './db/seed/demo-presence.ts';
import { openConfiguredStorage } from './lib/configured-storage.ts';
import type { DemoMailSink } from './lib/demo-mail-sink.ts';
import { smtpMailSender } from './lib/mail.ts';
import { officePreviewLimitsOf } from './lib/office-preview.ts';
import { vapidKeysOf, webPushSender } from './lib/push.ts';

const expectedStartupErrors = [ConfigError, DatabaseUnavailableError, DataDirLockedError, DemoOnPostgresError];

async function main() {
  const config = loadConfig(process.env);
  const storage = openConfiguredStorage(config);
  // Files a crash left half-written are never referenced by a row: they can go (in a bucket, only those older than
  // any upload still in progress on another process).
  const swept = await storage.sweepTemporary();
  const offset = config.CLOCK_OFFSET_MS;
  const now = offset === 0 ? () => new Date() : () => new Date(Date.now() + offset);
  const database = await openConfiguredDatabase(config, now, storage);
  const unfinished = await sweepPendingFiles(database.db, storage);
  // Alerts by Web Push: the configured VAPID keys, or a pair kept in the database (made on the first start).
  const vapid = await vapidKeysOf(config, database.db);
  // The demo's mail (the embedded database holding the demo, no SMTP_URL): a sink on loopback keeps each message as a
  // file, reached through the real SMTP sender. Its packages are development ones, loaded only here; a production
  // install without them keeps writing mail to the log.
  let sink: DemoMailSink | undefined;
  let sinkMissing = false;
  if (!config.SMTP_URL && database.kind === 'pglite' && (await hasDemoInstitutes(database.db))) {
    try {
      const { startDemoMailSink } = await import('./lib/demo-mail-sink.ts');
      sink = await startDemoMailSink({
        dir: join(resolve(config.DATA_DIR), 'mail'),
        port: config.DEMO_MAIL_PORT,
        log: {
          info: (details, message) => app.log.info(details, message),
          error: (details, message) => app.log.error(details, message),
        },
      });
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
      sinkMissing = true;
    }
  }
  const mailUrl = config.SMTP_URL ?? sink?.url;
  const app = await buildApp({
    config,
    database,
    storage,
    now,
    worker: config.WORKER,
    rateLimits: {
      loginPerMinute: config.LOGIN_PER_MINUTE,
      forgotPasswordPerMinute: config.FORGOT_PASSWORD_PER_MINUTE,
      ssoPerMinute: config.SSO_PER_MINUTE,
    },
    officePreviews: officePreviewLimitsOf(config),
    pushKey: vapid.publicKey,
    push: webPushSender(vapid),
    // Alerts by email: over SMTP_URL or to the demo's sink, else written to the log.
    ...(mailUrl ? { mail: smtpMailSender(mailUrl, config.MAIL_FROM) } : {}),
  });
  if (unfinished > 0) app.log.warn({ unfinished }, 'removed files of writes an earlier crash left unfinished');
  if (swept > 0) app.log.warn({ swept }, 'removed unfinished uploads left by an earlier crash');
  if (database.seeded) app.log.info('seeded the demo institutes (password demo1234)');
  if (sink) app.log.info({ url: sink.url, dir: sink.dir }, 'demo mail sink: alert mail is kept as files');
  if (sinkMissing) app.log.warn('no demo mail sink (smtp-server is not installed): alert mail goes to the log');
  if (offset !== 0) app.log.warn({ now: now().toISOString() }, 'the clock is moved by CLOCK_OFFSET_MS');

  // SIGTERM/SIGINT: stop accepting (new requests get 503), let in-flight ones finish, then close the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    // A keep-alive connection whose request finishes after closing began would otherwise hold the close open
    // until its idle timeout: close such connections as soon as they fall idle.
    const sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } finally {
      clearInterval(sweeper);
      await sink?.close();
    }
  });

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  if (expectedStartupErrors.some((type) => error instanceof type)) {
    // A one-line message naming the variable, not a stack trace.
    process.stderr.write(`${(error as Error).message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
