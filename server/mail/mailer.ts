import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { makeOwnerOnlyDir } from '../owner-only';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** Extra headers (a campaign's List-Unsubscribe); names and values are plain ASCII. */
  headers?: Record<string, string>;
  /**
   * The Message-ID, `<id@host>`, when the caller needs the same one on a resend (a campaign
   * mail, docs/decisions/0022); otherwise the transport makes a new one.
   */
  messageId?: string;
  /**
   * What kind of mail it is ("sign-in code"), for the log. The log never has the subject: a
   * subject may carry what the body does (a code, a name), and the log is read by more people.
   */
  kind?: string;
  /** Files sent with the mail (an invoice's PDF), their bytes in base64 so the job row keeps them. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface SendResult {
  /** The Message-ID header value. */
  id: string;
  /** Absolute path of the .eml file when no SMTP server is configured. */
  file?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SendResult>;
  /** Releases pooled SMTP connections so the process can exit. */
  close(): Promise<void>;
}

export interface MailerTimeouts {
  connectionMs?: number;
  greetingMs?: number;
  socketMs?: number;
}

export interface MailerOptions {
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>;
  logger: Logger;
  timeouts?: MailerTimeouts;
}

// Nodemailer's defaults (2 min connect, 10 min idle socket) would hold a request open far longer
// than a user waits for "check your inbox".
const DEFAULT_TIMEOUTS: Required<MailerTimeouts> = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 20_000,
};

export function createMailer(options: MailerOptions): Mailer {
  const { env, logger } = options;
  return env.SMTP_URL
    ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM, logger, { ...DEFAULT_TIMEOUTS, ...options.timeouts })
    : createFileMailer(path.resolve(env.DATA_DIR, 'mail'), env.MAIL_FROM, logger);
}

function createSmtpMailer(
  url: string,
  from: string,
  logger: Logger,
  timeouts: Required<MailerTimeouts>,
): Mailer {
  const transport = nodemailer.createTransport(
    {
      url,
      pool: true,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
      // A server that is down must fail the send, not be retried in a loop behind the caller's back.
      maxRequeues: 1,
    },
    { from },
  );
  return {
    async send(message) {
      try {
        const info = await transport.sendMail(toMailOptions(message));
        logger.info({ to: message.to, kind: message.kind ?? 'mail', id: info.messageId }, 'mail sent');
        return { id: info.messageId };
      } catch (error) {
        const reason = describeError(error);
        // The subject, the body and the SMTP URL are left out on purpose: the first two carry
        // codes and links, the last a password.
        logger.warn({ to: message.to, kind: message.kind ?? 'mail', reason }, 'mail could not be sent');
        throw new Error(`Could not send mail over SMTP: ${reason}`, { cause: error });
      }
    },
    async close() {
      transport.close();
    },
  };
}

/** Without an SMTP server, mail lands in files a developer can open in any mail client. */
function createFileMailer(folder: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true }, { from });
  return {
    async send(message) {
      const info = await transport.sendMail(toMailOptions(message));
      if (!Buffer.isBuffer(info.message))
        throw new Error('The mail stream transport did not return a buffer');
      await makeOwnerOnlyDir(folder);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // Owner-only and never overwritten: the files hold sign-in links.
      await writeFile(file, info.message, { mode: 0o600, flag: 'wx' });
      logger.info({ file, to: message.to, kind: message.kind ?? 'mail' }, 'mail written to file');
      return { id: info.messageId, file };
    },
    async close() {},
  };
}

function toMailOptions(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.headers ? { headers: message.headers } : {}),
    ...(message.messageId ? { messageId: message.messageId } : {}),
    ...(message.attachments
      ? {
          attachments: message.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: file.contentBase64,
            encoding: 'base64',
          })),
        }
      : {}),
  };
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !error.message.includes(code)
    ? `${error.message} (${code})`
    : error.message;
}
