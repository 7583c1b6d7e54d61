import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { alertChannels, alertKinds, isLocalTime } from './alerts-rules.ts';
import { digestChannels } from './alerts-settings.ts';
import { alertSettingsEndpoints } from './alerts-settings.endpoints.ts';
import { alertsEndpoints } from './alerts.endpoints.ts';

/** Alerts the bell lists at most: the newest. */
export const bellSize = 50;

/** One alert as the bell shows it; `created_at` is the instant it was produced (ISO 8601, UTC). */
export const alertSchema = z.object({
  alert_id: z.number().int(),
  kind: z.enum(alertKinds),
  title: z.string(),
  body: z.string(),
  /** The child it is about, for a parent's bell: opening it views that child. */
  student_id: z.number().int(),
  /** The screen it opens, an address of the app. */
  path: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Alert = z.infer<typeof alertSchema>;

const localTimeSchema = z.string().refine(isLocalTime, { error: 'must be a time of day as HH:MM' });

/** One kind's row of the account's settings: its channels and whether it is urgent. */
export const settingsRowSchema = z.object({
  kind: z.enum(alertKinds),
  channels: z.object(
    Object.fromEntries(alertChannels.map((channel) => [channel, z.boolean()])) as Record<
      (typeof alertChannels)[number],
      z.ZodBoolean
    >,
  ),
  /** Goes out in quiet hours too. */
  urgent: z.boolean(),
});

/** The account's alert settings as the profile edits them: every kind, quiet hours, a digest time per channel. */
export const settingsSchema = z.object({
  kinds: z
    .array(settingsRowSchema)
    .length(alertKinds.length, { error: 'name every kind once' })
    .refine((rows) => new Set(rows.map((row) => row.kind)).size === alertKinds.length, {
      error: 'name every kind once',
    }),
  quiet_start: localTimeSchema,
  quiet_end: localTimeSchema,
  /** Per channel, the local time of its daily digest, or null for one message per alert. */
  digest: z.object(
    Object.fromEntries(digestChannels.map((channel) => [channel, localTimeSchema.nullable()])) as Record<
      (typeof digestChannels)[number],
      z.ZodNullable<typeof localTimeSchema>
    >,
  ),
});
export type AlertSettingsTable = z.infer<typeof settingsSchema>;

/** A Web Push subscription as the browser's PushSubscription.toJSON() gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'must be a web address' }).max(2000),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});

/** Request and answer schemas of each alerts endpoint. */
export const alertsSchemas = {
  list: {
    answer: z.object({ unread: z.number().int(), alerts: z.array(alertSchema) }),
  },
  read: {
    body: z.object({
      alert_ids: z
        .array(z.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }).positive())
        .min(1, { error: 'name at least one alert' })
        .max(bellSize, { error: `name at most ${bellSize} alerts` }),
    }),
    answer: z.object({ unread: z.number().int() }),
  },
};

/** Request and answer schemas of the settings endpoints. */
export const alertSettingsSchemas = {
  settings: {
    answer: settingsSchema.extend({
      /** Whether the account has an email address to send to (the profile's). */
      has_email: z.boolean(),
      /** The server's VAPID public key (base64url) for the browser's subscription; null: push is not set up. */
      push_key: z.string().nullable(),
    }),
  },
  saveSettings: {
    body: settingsSchema,
    answer: z.object({ saved: z.literal(true) }),
  },
  subscribe: {
    body: pushSubscriptionSchema,
    answer: z.object({ subscribed: z.literal(true) }),
  },
  unsubscribe: {
    body: z.object({ endpoint: z.string().max(2000) }),
    answer: z.object({ subscribed: z.literal(false) }),
  },
};

/** The alerts endpoints with their schemas, as the API registers them. */
export const alertsContract = bindContract(alertsEndpoints, alertsSchemas);

/** The settings endpoints with their schemas. */
export const alertSettingsContract = bindContract(alertSettingsEndpoints, alertSettingsSchemas);
