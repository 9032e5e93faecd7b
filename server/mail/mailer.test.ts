import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpReceiver, type SmtpReceiver } from '../../tests/support/smtp-receiver';
import { createMailer, type Mailer } from './mailer';

const MAIL_FROM = 'MediSupply Store <no-reply@medisupply.example>';
const message = {
  to: 'pat@example.com',
  subject: 'Reset your password',
  html: '<p>Use <a href="http://localhost:3000/reset?token=SECRET-TOKEN">this link</a></p>',
  text: 'Use this link:\nhttp://localhost:3000/reset?token=SECRET-TOKEN\n',
  kind: 'password reset',
};

/** A real pino logger whose JSON lines we can read back. */
function captureLogs() {
  const lines: string[] = [];
  const logger = pino({ level: 'info', base: undefined }, { write: (line: string) => lines.push(line) });
  return { logger, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** A port nothing listens on: bind one, then let it go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-mail-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function track(mailer: Mailer): Mailer {
  cleanups.push(() => mailer.close());
  return mailer;
}

describe('mailer over SMTP', () => {
  it('delivers both parts with the configured sender and the reply-to address', async () => {
    const receiver: SmtpReceiver = await startSmtpReceiver();
    cleanups.push(() => receiver.close());
    const { logger, lines } = captureLogs();
    const dataDir = tempDataDir();
    const mailer = track(
      createMailer({ env: { SMTP_URL: receiver.url, MAIL_FROM, DATA_DIR: dataDir }, logger }),
    );

    const result = await mailer.send({ ...message, replyTo: 'care@medisupply.example' });

    const mail = await receiver.waitFor((m) => m.subject === message.subject);
    expect(mail.from).toContain('no-reply@medisupply.example');
    expect(mail.from).toContain('MediSupply Store');
    expect(mail.to).toEqual(['pat@example.com']);
    expect(mail.replyTo).toContain('care@medisupply.example');
    expect(mail.text).toContain('http://localhost:3000/reset?token=SECRET-TOKEN');
    expect(mail.html).toContain('href="http://localhost:3000/reset?token=SECRET-TOKEN"');
    expect(mail.raw).toContain(result.id);
    expect(result.file).toBeUndefined();
    expect(readdirSync(dataDir)).toEqual([]);
    expect(lines.join('')).not.toContain('SECRET-TOKEN');
  });

  it('sends without a reply-to header when none is given', async () => {
    const receiver = await startSmtpReceiver();
    cleanups.push(() => receiver.close());
    const mailer = track(
      createMailer({
        env: { SMTP_URL: receiver.url, MAIL_FROM, DATA_DIR: tempDataDir() },
        logger: captureLogs().logger,
      }),
    );
    await mailer.send(message);
    const mail = await receiver.waitFor(() => true);
    expect(mail.replyTo).toBeUndefined();
    expect(mail.raw).not.toMatch(/^reply-to:/im);
  });

  it('rejects with a clear error, without hanging, when the SMTP server is down', async () => {
    const port = await closedPort();
    const { logger, entries, lines } = captureLogs();
    const mailer = track(
      createMailer({
        env: { SMTP_URL: `smtp://user:hunter2@127.0.0.1:${port}`, MAIL_FROM, DATA_DIR: tempDataDir() },
        logger,
        timeouts: { connectionMs: 2_000, greetingMs: 2_000, socketMs: 2_000 },
      }),
    );

    const started = Date.now();
    await expect(mailer.send(message)).rejects.toThrow(/^Could not send mail over SMTP: .*ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(5_000);

    const warning = entries().find((entry) => entry.level === 40);
    expect(warning).toMatchObject({
      to: message.to,
      kind: 'password reset',
      msg: 'mail could not be sent',
    });
    const logged = lines.join('');
    // A subject may carry what the body does: the log names the mail's kind instead.
    expect(logged).not.toContain(message.subject);
    expect(logged).not.toContain('SECRET-TOKEN');
    expect(logged).not.toContain('hunter2');
  });
});

describe('mailer without SMTP', () => {
  it('writes a real MIME message to DATA_DIR/mail and logs only its name, recipient and kind', async () => {
    const dataDir = tempDataDir();
    const { logger, entries, lines } = captureLogs();
    const mailer = track(createMailer({ env: { MAIL_FROM, DATA_DIR: dataDir }, logger }));

    const result = await mailer.send({ ...message, replyTo: 'care@medisupply.example' });

    const folder = path.join(dataDir, 'mail');
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(result.file).toBe(path.join(folder, files[0] ?? ''));
    expect(statSync(result.file ?? '').mode & 0o077).toBe(0);

    const parsed = await simpleParser(readFileSync(result.file ?? ''));
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.from?.text).toContain('no-reply@medisupply.example');
    expect(parsed.replyTo?.text).toContain('care@medisupply.example');
    expect(parsed.text).toContain('http://localhost:3000/reset?token=SECRET-TOKEN');
    expect(parsed.html).toContain('href="http://localhost:3000/reset?token=SECRET-TOKEN"');
    expect(parsed.messageId).toBe(result.id);

    expect(entries()).toEqual([
      expect.objectContaining({ level: 30, file: result.file, to: message.to, kind: 'password reset' }),
    ]);
    const logged = lines.join('');
    expect(logged).not.toContain(message.subject);
    expect(logged).not.toContain('SECRET-TOKEN');
    expect(logged).not.toContain('Use this link');
  });

  it('gives every mail its own file', async () => {
    const dataDir = tempDataDir();
    const mailer = track(
      createMailer({ env: { MAIL_FROM, DATA_DIR: dataDir }, logger: captureLogs().logger }),
    );
    await Promise.all([mailer.send(message), mailer.send(message), mailer.send(message)]);
    expect(readdirSync(path.join(dataDir, 'mail'))).toHaveLength(3);
  });
});
