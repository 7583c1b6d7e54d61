// Email (issue 31): alerts and digests go to an account's address over SMTP through nodemailer, where jobs run. One
// interface, one real sender; with no SMTP server configured (npm start's demo) mail is written to the log instead.
import nodemailer from 'nodemailer';

/** A message to one address: its subject, and the same words as plain text and as HTML (already escaped). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Hands a message to the mail server; rejects when the server does not take it (the delivery is tried again). */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

/** The sender when MAIL_FROM is unset. */
export const defaultMailFrom = 'Campus Portal <alerts@campus-portal.invalid>';

/**
 * Mail over SMTP to the server at `url` (`smtp://user:password@host:587`, `smtps://…:465`). Each message opens its
 * own connection; a server that does not answer fails the try within about half a minute, not the worker's.
 */
export function smtpMailSender(url: string, from = defaultMailFrom): MailSender {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, html });
    },
  };
}

/**
 * The development sender: writes the message to the log (the address masked), delivering nothing. Any logger with
 * pino's `warn` will do (the job queue's, the app's), so the queue and mail do not import each other.
 */
export function logMailSender(log: { warn(details: object, message: string): void }): MailSender {
  return {
    send: async ({ to, subject, text }) => {
      const at = to.indexOf('@');
      const masked = at > 0 ? `${to[0]}***${to.slice(at)}` : '***';
      log.warn({ mail: { to: masked, subject, text } }, 'email (development sender: not delivered; set SMTP_URL)');
    },
  };
}

/** Escapes text for HTML: the alerts' words come from the institute's data. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
