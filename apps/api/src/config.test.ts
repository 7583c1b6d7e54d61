import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'auto',
      DOCS: 'true',
      CLOCK_OFFSET_MS: 0,
      STORAGE: 'local',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
    // No proxy is trusted unless configured.
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
  });

  it('reads TRUST_PROXY as a list of addresses, ranges and range names', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      '::1',
    ]);
  });

  it('treats blank values as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "70000")'],
    [{ PORT: '80.5' }, 'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "80.5")'],
    [{ CLOCK_OFFSET_MS: 'soon' }, 'Invalid configuration: CLOCK_OFFSET_MS must be a whole number (got "soon")'],
    [
      { CLOCK_OFFSET_MS: '9999999999999' },
      'Invalid configuration: CLOCK_OFFSET_MS must be within a hundred years (got "9999999999999")',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [{ SEED_DEMO: 'yes' }, 'Invalid configuration: SEED_DEMO must be auto, true or false (got "yes")'],
    [{ DOCS: 'off' }, 'Invalid configuration: DOCS must be true or false (got "off")'],
    [
      { TRUST_PROXY: 'true' },
      'Invalid configuration: TRUST_PROXY must be comma-separated IP addresses, CIDR ranges or loopback, linklocal, uniquelocal (got "true")',
    ],
    [
      { TRUST_PROXY: '10.0.0.0/33' },
      'Invalid configuration: TRUST_PROXY must be comma-separated IP addresses, CIDR ranges or loopback, linklocal, uniquelocal (got "10.0.0.0/33")',
    ],
    [{ STORAGE: 'disk' }, 'Invalid configuration: STORAGE must be local or s3 (got "disk")'],
    [{ STORAGE: 's3' }, 'Invalid configuration: S3_BUCKET must be set when STORAGE is s3'],
    [{ STORAGE: 's3', S3_BUCKET: '' }, 'Invalid configuration: S3_BUCKET must be set when STORAGE is s3'],
    [
      { S3_BUCKET: 'My_Bucket' },
      'Invalid configuration: S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots, hyphens (got "My_Bucket")',
    ],
    [
      { STORAGE: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' },
      'Invalid configuration: S3_ENDPOINT must be an http:// or https:// URL (got "minio:9000")',
    ],
    [
      { S3_REGION: 'EU West' },
      'Invalid configuration: S3_REGION must be a region name such as us-east-1 (got "EU West")',
    ],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'Invalid configuration: S3_FORCE_PATH_STYLE must be true or false (got "yes")'],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('reads the S3 storage settings', () => {
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_BUCKET: 'campus-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-central-1',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toMatchObject({
      STORAGE: 's3',
      S3_BUCKET: 'campus-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: true,
    });
    // The endpoint is optional (Amazon S3 itself); the bucket is needed only for S3 storage.
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'campus-files' }).S3_ENDPOINT).toBeUndefined();
    expect(loadConfig({ S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(loadConfig({ STORAGE: 'local' }).S3_BUCKET).toBeUndefined();
  });

  it('runs background jobs in the API process unless WORKER=off (a worker beside it runs them)', () => {
    expect(loadConfig({}).WORKER).toBe('inline');
    expect(loadConfig({ WORKER: 'inline' }).WORKER).toBe('inline');
    expect(loadConfig({ WORKER: 'off', DATABASE_URL: 'postgres://db/portal' }).WORKER).toBe('off');
    expect(() => loadConfig({ WORKER: 'separate' })).toThrow(
      new ConfigError('Invalid configuration: WORKER must be inline or off (got "separate")'),
    );
    // On the embedded database no worker can reach the jobs.
    expect(() => loadConfig({ WORKER: 'off' })).toThrow(
      new ConfigError('Invalid configuration: WORKER can be off only with DATABASE_URL (PostgreSQL) (got "off")'),
    );
  });

  it('never echoes a database URL, which may hold a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:secret@db/x' })).toThrow(
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL',
    );
    try {
      loadConfig({ DATABASE_URL: 'mysql://user:secret@db/x' });
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
  });

  it('counts the per-address limits in Redis only with a redis:// or rediss:// REDIS_URL, never echoed', () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://:pw@cache:6379/2' }).REDIS_URL).toBe('redis://:pw@cache:6379/2');
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example:6380' }).REDIS_URL).toBe('rediss://cache.example:6380');
    for (const bad of ['http://:secret@cache:6379', 'cache:6379', 'redis://', 'redis://a b']) {
      expect(() => loadConfig({ REDIS_URL: bad })).toThrow(
        new ConfigError('Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL'),
      );
    }
  });
  it('sends alert mail over an smtp:// or smtps:// SMTP_URL, never echoed, from MAIL_FROM', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    const config = loadConfig({
      SMTP_URL: 'smtps://alerts:pw@mail.example:465',
      MAIL_FROM: 'School <a@school.example>',
    });
    expect(config).toMatchObject({
      SMTP_URL: 'smtps://alerts:pw@mail.example:465',
      MAIL_FROM: 'School <a@school.example>',
    });
    for (const bad of ['http://alerts:secret@mail:25', 'mail.example:25', 'smtp://']) {
      expect(() => loadConfig({ SMTP_URL: bad })).toThrow(
        new ConfigError('Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL'),
      );
    }
  });

  it('listens for the demo’s mail on DEMO_MAIL_PORT, any free port by default', () => {
    expect(loadConfig({}).DEMO_MAIL_PORT).toBe(0);
    expect(loadConfig({ DEMO_MAIL_PORT: '2525' }).DEMO_MAIL_PORT).toBe(2525);
    for (const bad of ['-1', '65536', '25.5', 'smtp']) {
      expect(() => loadConfig({ DEMO_MAIL_PORT: bad })).toThrow(
        new ConfigError(`Invalid configuration: DEMO_MAIL_PORT must be a whole number from 0 to 65535 (got "${bad}")`),
      );
    }
  });

  it('takes a VAPID key pair whole, its private key never echoed', () => {
    const publicKey = `B${'a'.repeat(86)}`;
    const privateKey = 'p'.repeat(43);
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey })).toMatchObject({
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(
      new ConfigError('Invalid configuration: VAPID_PRIVATE_KEY must be set with its pair (both keys or neither)'),
    );
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: 'secret!' })).toThrow(
      new ConfigError(
        'Invalid configuration: VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)',
      ),
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'alerts@school.example' })).toThrow(
      new ConfigError(
        'Invalid configuration: VAPID_SUBJECT must be a mailto: address or an https:// URL (got "alerts@school.example")',
      ),
    );
  });
});
