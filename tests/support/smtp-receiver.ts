import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** The message exactly as it arrived, headers and MIME parts included. */
  raw: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** The 6-digit code a code mail carries in its body (never in its subject). */
export const codeOfMail = (mail: Pick<ReceivedMail, 'text'>) => /sign in: (\d{6})/.exec(mail.text)?.[1] ?? '';

export interface SmtpReceiver {
  /** smtp:// URL to give the mailer as SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((entry) => entry.value.map((address) => address.address ?? '')).filter(Boolean);
}

export interface SmtpReceiverOptions {
  /** A fixed port (a receiver brought back where the store expects it); a free one otherwise. */
  port?: number;
  /**
   * Called on each MAIL FROM, with how many messages were accepted so far; a rejection refuses
   * that message (a test can hold a sender there, to stop it at a known point).
   */
  onMailFrom?: (accepted: number) => Promise<void>;
}

/** A real SMTP server on a local port that keeps every message it accepts, parsed. */
export async function startSmtpReceiver(options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const listeners = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: without a certificate, an advertised STARTTLS would fail the handshake.
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A pooled client may still hold a connection open; do not make every test wait 30 s for it.
    closeTimeout: 1_000,
    onMailFrom(_address, _session, callback) {
      if (!options.onMailFrom) return callback();
      options.onMailFrom(messages.length).then(
        () => callback(),
        (error: Error) => callback(error),
      );
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            const replyTo = parsed.replyTo?.text;
            messages.push({
              from: parsed.from?.text ?? '',
              to: addresses(parsed.to),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html || '',
              ...(replyTo ? { replyTo } : {}),
              raw: raw.toString('utf8'),
              attachments: parsed.attachments.map((file) => ({
                filename: file.filename ?? '',
                contentType: file.contentType,
                content: file.content,
              })),
            });
            for (const notify of listeners) notify();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 5_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = messages.find(predicate);
          if (!mail) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`No matching mail arrived within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        listeners.add(check);
      });
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Absolute http(s) URLs in the text part, in order, as a user would click them. */
export function extractLinks(mail: Pick<ReceivedMail, 'text'>): string[] {
  return mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}
