// A real SMTP server for the tests (the `smtp-server` package) on loopback: it takes every message, parses it with
// `mailparser`, and keeps it for the test to read. A message is kept before the server answers its DATA, so once
// the sender's send has resolved, the test finds it here.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the server received it: the envelope's recipients, and the parsed mail. */
export interface ReceivedMail {
  recipients: string[];
  from: string | undefined;
  subject: string | undefined;
  text: string | undefined;
  html: string | false;
  parsed: ParsedMail;
}

/**
 * Starts an SMTP server on 127.0.0.1 (`port`, or any free one), without TLS or authentication; answers its URL for
 * smtpMailSender, the mail it received, and how to stop it.
 */
export async function startMailServer(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          received.push({
            recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            subject: parsed.subject,
            text: parsed.text,
            html: parsed.html ?? false,
            parsed,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailServer = Awaited<ReturnType<typeof startMailServer>>;
