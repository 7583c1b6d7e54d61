// The demo's mail sink (issue 31): `npm start` on the embedded demo with no SMTP_URL sends alert mail over real SMTP
// (the nodemailer sender production uses) to this server on loopback, which keeps each message as an .eml file under
// DATA_DIR/mail, so a demo shows real mail without a mail server. Loaded only then (server-main.ts imports it lazily):
// `smtp-server` and `mailparser` are development dependencies, absent from a production install.
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Where the sink reports each message it kept (the server's log). */
export interface MailSinkLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Letters, digits, dot, hyphen and underscore only, at most `max` characters. */
const safeName = (text: string, max: number) => text.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, max);

/** A file name of the time received and the recipients: `2026-11-29T05-30-00-123Z_a_school.example.eml`. */
export function mailFileName(at: Date, recipients: readonly string[], sequence: number): string {
  const time = at.toISOString().replace(/[:.]/g, '-');
  const to = safeName(recipients.join('+') || 'nobody', 80);
  return `${time}_${sequence}_${to}.eml`;
}

/**
 * Starts the sink on 127.0.0.1 at `port` (0: any free port), without TLS or authentication, writing messages to
 * `dir`. A message is written before the server answers its DATA, so a sender whose send resolved finds it there.
 * Answers the URL for smtpMailSender, the folder, and how to close it.
 */
export async function startDemoMailSink({ dir, port, log }: { dir: string; port: number; log: MailSinkLog }) {
  await mkdir(dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error: Error) => callback(error));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        sequence += 1;
        const path = join(
          dir,
          mailFileName(
            new Date(),
            session.envelope.rcptTo.map((rcpt) => rcpt.address),
            sequence,
          ),
        );
        writeFile(path, raw, { flag: 'wx' })
          .then(() => simpleParser(raw))
          .then(
            (parsed) => {
              log.info({ mail: { path, subject: parsed.subject ?? '' } }, 'email kept by the demo mail sink');
              callback();
            },
            (error: Error) => {
              log.error({ err: error, path }, 'the demo mail sink could not keep an email');
              callback(error);
            },
          );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Errors of one client's connection (a reset, a timeout) are not the server's: it keeps listening.
  server.on('error', (error: Error) => log.error({ err: error }, 'demo mail sink connection error'));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    dir,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type DemoMailSink = Awaited<ReturnType<typeof startDemoMailSink>>;
