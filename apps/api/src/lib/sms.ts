import type { FastifyBaseLogger } from 'fastify';

/** Delivers a text message; pluggable so production can use a gateway. */
export interface SmsSender {
  send(message: { phone: string; body: string }): Promise<void>;
}

/**
 * The development sender: writes the message to the server log, so a demo user can read the temporary
 * password there. Never use it in production, where the log would then hold passwords.
 */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    send: async ({ phone, body }) => {
      log.warn({ sms: { to: `****${phone.slice(-4)}`, body } }, 'SMS (development sender: not delivered)');
    },
  };
}
