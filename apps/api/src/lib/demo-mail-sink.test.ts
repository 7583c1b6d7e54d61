import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFileName, startDemoMailSink, type DemoMailSink } from './demo-mail-sink.ts';
import { smtpMailSender } from './mail.ts';

/** The demo's mail sink (issue 31): mail sent by the real SMTP sender lands as an .eml file in DATA_DIR/mail. */
describe('the demo mail sink', () => {
  let sink: DemoMailSink;
  const logged: { details: object; message: string }[] = [];
  const dir = join(mkdtempSync(join(tmpdir(), 'portal-mail-')), 'mail');

  beforeAll(async () => {
    sink = await startDemoMailSink({
      dir,
      port: 0,
      log: {
        info: (details, message) => logged.push({ details, message }),
        error: (details, message) => logged.push({ details, message }),
      },
    });
  });
  afterAll(() => sink?.close());

  it('keeps a mail sent through the SMTP sender as a file with its recipient, subject, text and HTML', async () => {
    expect(sink.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    await smtpMailSender(sink.url, 'Greenfield <alerts@greenfield.example>').send({
      to: 'rajesh.sharma@example.in',
      subject: 'Diya Sharma was absent on 28-11-2026',
      text: 'Diya Sharma was marked absent in English on 28-11-2026.',
      html: '<p>Diya Sharma was marked absent in <b>English</b> on 28-11-2026.</p>',
    });
    const files = readdirSync(dir);
    expect(files).toEqual([expect.stringMatching(/^[A-Za-z0-9._-]+_rajesh\.sharma_example\.in\.eml$/)]);
    const parsed = await simpleParser(readFileSync(join(dir, files[0]!)));
    expect(parsed.to).toMatchObject({ value: [{ address: 'rajesh.sharma@example.in' }] });
    expect(parsed.from).toMatchObject({ value: [{ address: 'alerts@greenfield.example', name: 'Greenfield' }] });
    expect(parsed.subject).toBe('Diya Sharma was absent on 28-11-2026');
    expect(parsed.text?.trim()).toBe('Diya Sharma was marked absent in English on 28-11-2026.');
    expect(parsed.html).toContain('<b>English</b>');
    expect(logged).toEqual([
      {
        details: { mail: { path: join(dir, files[0]!), subject: 'Diya Sharma was absent on 28-11-2026' } },
        message: 'email kept by the demo mail sink',
      },
    ]);
  });

  it('names each file by the time and the recipients, in safe characters only', () => {
    expect(mailFileName(new Date('2026-11-29T05:30:00.123Z'), ['a/../b@x.example', 'c d@y.example'], 7)).toBe(
      '2026-11-29T05-30-00-123Z_7_a_.._b_x.example_c_d_y.example.eml',
    );
  });
});
