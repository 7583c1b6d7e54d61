import { isIP } from 'node:net';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDR ranges. */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, an address/prefix range, or one of proxy-addr's range names. */
function isProxyEntry(entry: string): boolean {
  if (proxyRangeNames.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

const configSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(8080),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  WEB_DIST_DIR: z.string().min(1, 'must not be empty').optional(),
  /**
   * Addresses of the reverse proxies whose X-Forwarded-For/-Host/-Proto headers are believed (comma-separated
   * addresses, CIDR ranges or loopback/linklocal/uniquelocal). Unset: none, so nobody can forge them.
   */
  TRUST_PROXY: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .refine((entries) => entries.every(isProxyEntry), {
      error: 'must be comma-separated IP addresses, CIDR ranges or loopback, linklocal, uniquelocal',
    })
    .default([]),
  /**
   * Demo institutes (public passwords and SSO keys): `auto` seeds an empty embedded (PGlite) database only;
   * `true` also seeds PostgreSQL and allows starting on a PostgreSQL database that holds them; `false` never.
   */
  /** Connections each API process keeps to PostgreSQL (see the README's figures for how it was chosen). */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(200, 'must be at most 200')
    .default(10),
  SEED_DEMO: z.enum(['auto', 'true', 'false'], { error: 'must be auto, true or false' }).default('auto'),
  /**
   * Background jobs (lib/job-queue.ts): `inline` runs them in this API process (the embedded default, and one process
   * on PostgreSQL); `off` only enqueues them, for API processes beside a worker (`npm run worker`).
   */
  WORKER: z.enum(['inline', 'off'], { error: 'must be inline or off' }).default('inline'),
  /** `false` turns off the OpenAPI pages at /docs (production). */
  DOCS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  // Requests a minute per IP address; the benchmark raises them to load the routes from one address.
  LOGIN_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be positive')
    .default(30),
  FORGOT_PASSWORD_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be positive')
    .default(10),
  SSO_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be positive')
    .default(20),
  /**
   * Redis for the per-address limits above (lib/rate-limit-store.ts): unset, they count in the database, which every
   * API process shares too; set, in Redis (`redis://[:password@]host:6379[/db]`, or `rediss://` for TLS).
   */
  REDIS_URL: z
    .string()
    .refine((value) => /^rediss?:\/\/\S+$/.test(value) && URL.canParse(value), 'must be a redis:// or rediss:// URL')
    .optional(),
  // Office previews (lib/document-sandbox.ts): conversions run at once on each process, and each one's time and
  // memory limits. A conversion stopped by a limit is tried again later.
  OFFICE_PREVIEWS_AT_ONCE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(32, 'must be at most 32')
    .default(2),
  OFFICE_PREVIEW_SECONDS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(5, 'must be at least 5')
    .max(600, 'must be at most 600')
    .default(60),
  OFFICE_PREVIEW_MEMORY_MB: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(256, 'must be at least 256')
    .max(16384, 'must be at most 16384')
    .default(1536),
  /**
   * Where uploaded files live: `local`, DATA_DIR/files; `s3`, the bucket S3_BUCKET of Amazon S3 or, at S3_ENDPOINT, of
   * an S3-compatible server (several API processes can share it). Credentials and the SDK's other settings come from
   * its own variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_PROFILE, AWS_REQUEST_CHECKSUM_CALCULATION…).
   * `npm run storage:copy-to-s3` copies a local store into the bucket.
   */
  STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots, hyphens',
    )
    .optional(),
  S3_ENDPOINT: z
    .string()
    .refine((value) => /^https?:\/\/\S+$/.test(value) && URL.canParse(value), 'must be an http:// or https:// URL')
    .optional(),
  S3_REGION: z
    .string()
    // Amazon's (eu-west-1) and S3-compatible services' own (auto, nyc3).
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  /** Addresses as endpoint/bucket/key rather than bucket.endpoint/key: what most S3-compatible servers need. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * Alerts by email (issue 31): the SMTP server mail goes through, `smtp://user:password@host:587` (STARTTLS when the
   * server offers it) or `smtps://…:465`; unset, mail is written to the log (development). MAIL_FROM is the sender.
   */
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\/\S+$/.test(value) && URL.canParse(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3, 'must be an address such as Campus Portal <alerts@school.example>').optional(),
  /**
   * The port of the demo's mail sink on 127.0.0.1 (lib/demo-mail-sink.ts: `npm start` on the embedded demo without
   * SMTP_URL keeps alert mail as files in DATA_DIR/mail); 0, any free port.
   */
  DEMO_MAIL_PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(0),
  /**
   * Web Push (issue 31): the VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints it) push services
   * know the server by, and the contact they may write to (`mailto:` or `https:`). Unset, the server makes a pair
   * once and keeps it in the database (server_settings), which every process shares.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  // The server's clock runs this many milliseconds ahead of the machine's (behind when negative): the browser tests
  // put the demo and the app on one fixed date and hour, the same at any hour of the run. Never set in production.
  CLOCK_OFFSET_MS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .refine((offset) => Math.abs(offset) <= 100 * 365 * 86_400_000, 'must be within a hundred years')
    .default(0),
});

/** The rules between variables. */
const checkedConfigSchema = configSchema.superRefine((config, context) => {
  if (config.STORAGE === 's3' && config.S3_BUCKET === undefined) {
    context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'must be set when STORAGE is s3' });
  }
  if ((config.VAPID_PUBLIC_KEY === undefined) !== (config.VAPID_PRIVATE_KEY === undefined)) {
    const missing = config.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
    context.addIssue({ code: 'custom', path: [missing], message: 'must be set with its pair (both keys or neither)' });
  }
  // No worker can reach the embedded database (one process holds it): its jobs would never run.
  if (config.WORKER === 'off' && config.DATABASE_URL === undefined) {
    context.addIssue({ code: 'custom', path: ['WORKER'], message: 'can be off only with DATABASE_URL (PostgreSQL)' });
  }
});

/** Validated server configuration. */
export type Config = z.infer<typeof configSchema>;

/** Raised for a bad environment value; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from the environment; blank values count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const present = Object.fromEntries(
    Object.keys(configSchema.shape)
      .map((key) => [key, env[key]])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = checkedConfigSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const variable = String(issue?.path[0] ?? 'configuration');
  const given = present[variable];
  // A database, Redis or SMTP URL may hold a password, and a private key is one: never echoed back.
  const isSecret = ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'VAPID_PRIVATE_KEY'].includes(variable);
  const shown = given === undefined || isSecret ? '' : ` (got "${given}")`;
  throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}${shown}`);
}
