import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { alertKinds } from './alerts-rules.ts';
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

/** The alerts endpoints with their schemas, as the API registers them. */
export const alertsContract = bindContract(alertsEndpoints, alertsSchemas);
