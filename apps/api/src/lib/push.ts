// Web Push (issue 31): alerts go to the browsers an account subscribed, through their push services, where jobs run.
// One interface, one real sender: web-push encrypts the message for the subscription (RFC 8291, aes128gcm) and signs
// the request with the server's VAPID key pair (RFC 8292); the request itself goes through fetch, so a redirect is
// never followed (the endpoint was checked against the allow-list, its redirect would not be) and the wait is bounded.
import webpush from 'web-push';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { loadOrCreateSetting } from '../db/server-settings.ts';

/** The key pair push services know this server by (base64url), and the contact they may write to. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Where a browser takes pushes, and the keys a message to it is encrypted with (as the browser gave them). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** `sent`: the push service took it; `gone`: it answered 404 or 410, the subscription is no more. */
export type PushOutcome = 'sent' | 'gone';

/** Sends one message to one subscription; rejects when the push service fails otherwise (tried again later). */
export interface PushSender {
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

/** Raised for a push service's refusal other than 404/410; the status tells why. */
export class PushServiceError extends Error {
  override name = 'PushServiceError';
  readonly status: number;
  constructor(status: number) {
    super(`the push service answered ${status}`);
    this.status = status;
  }
}

/** The contact when VAPID_SUBJECT is unset. */
export const defaultVapidSubject = 'mailto:alerts@campus-portal.invalid';

/** How long a push waits on the browser's service before it is kept (4 weeks would be web-push's default). */
const pushTtlSeconds = 24 * 60 * 60;

/** The real sender, with the server's VAPID keys. */
export function webPushSender(vapid: VapidKeys, { timeoutMs = 15_000 } = {}): PushSender {
  return {
    async send(target, payload) {
      const request = webpush.generateRequestDetails(target, payload, {
        vapidDetails: vapid,
        TTL: pushTtlSeconds,
        contentEncoding: 'aes128gcm',
      });
      const answer = await fetch(request.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await answer.body?.cancel();
      if (answer.status === 404 || answer.status === 410) return 'gone';
      if (answer.status < 200 || answer.status > 299) throw new PushServiceError(answer.status);
      return 'sent';
    },
  };
}

/**
 * The server's VAPID keys: the configured pair, else one made the first time any process starts and kept in the
 * database (server_settings), so every API process and worker signs with the pair browsers subscribed with.
 */
export async function vapidKeysOf(
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>,
  db: Db,
): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT ?? defaultVapidSubject;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const kept = await loadOrCreateSetting(db, 'vapid_keys', () => JSON.stringify(webpush.generateVAPIDKeys()));
  const { publicKey, privateKey } = JSON.parse(kept) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject };
}
