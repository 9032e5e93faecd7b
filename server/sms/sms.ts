import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env';
import { contentLifetimeSeconds, type JobContents } from '../jobs/contents';
import { defineQueue, type JobQueue } from '../jobs/queue';
import type { Logger } from '../logger';
import { makeOwnerOnlyDir } from '../owner-only';

/** A text message: a phone number in international form (+15035550100) and its text. */
export interface SmsMessage {
  to: string;
  body: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

type SmsEnv = Pick<Env, 'SMS_URL' | 'SMS_ACCOUNT_SID' | 'SMS_AUTH_TOKEN' | 'SMS_FROM' | 'DATA_DIR'>;

/** The end of a number, for logs: enough to tell messages apart, not enough to be the number. */
export const maskedNumber = (to: string) => `…${to.slice(-4)}`;

/**
 * Texts go out through a Twilio-compatible API when SMS_URL is set (Twilio, or a provider with
 * the same Messages resource); otherwise each is written to DATA_DIR/sms, as mail is without
 * SMTP_URL, for development and the tests.
 */
export function createSmsSender(env: SmsEnv, logger: Logger): SmsSender {
  if (!env.SMS_URL) return fileSmsSender(path.resolve(env.DATA_DIR, 'sms'), logger);
  const url = `${env.SMS_URL.replace(/\/+$/, '')}/Accounts/${encodeURIComponent(env.SMS_ACCOUNT_SID ?? '')}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${env.SMS_ACCOUNT_SID}:${env.SMS_AUTH_TOKEN}`).toString('base64')}`;
  return {
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: message.to, From: env.SMS_FROM ?? '', Body: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        // The provider's own words (never our credentials or the message) help the operator.
        const answer = (await response.text().catch(() => '')).slice(0, 200);
        // A provider may quote the message back: its code must not reach the job row or the log.
        const detail = withoutCodes(answer, message.body);
        throw new Error(`The SMS provider answered ${response.status}: ${detail}`);
      }
      logger.info({ to: maskedNumber(message.to) }, 'text message sent');
    },
  };
}

/** `text` with every number of the message's (its code) taken out. */
export function withoutCodes(text: string, body: string): string {
  let result = text;
  for (const code of new Set(body.match(/\d{4,}/g) ?? [])) result = result.split(code).join('[code]');
  return result;
}

function fileSmsSender(folder: string, logger: Logger): SmsSender {
  return {
    async send(message) {
      await makeOwnerOnlyDir(folder);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${randomBytes(4).toString('hex')}.txt`);
      // Owner-only and never overwritten: the files hold sign-in codes.
      await writeFile(file, `To: ${message.to}\n\n${message.body}\n`, { mode: 0o600, flag: 'wx' });
      logger.info({ file, to: maskedNumber(message.to) }, 'text message written to file');
    },
  };
}

/** A text's job row: the number only; the text (a code) is in `job_contents` until it is sent. */
export interface SmsJob {
  to: string;
  content: string;
}

/**
 * Every text is a job: a provider that is briefly away is tried again, but only within the
 * 10 minutes a code works (5 s, 10 s, 20 s... at most a minute apart, 8 tries).
 */
export const smsQueue = defineQueue<SmsJob>('sms', {
  retryLimit: 7,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 60,
  expireInSeconds: 60,
  // The row names a number, not the code (docs/decisions/0039): an hour in the console.
  keepFinishedSeconds: 60 * 60,
});

export interface SmsOutbox {
  send(message: SmsMessage): Promise<void>;
}

export function createSmsOutbox(jobs: JobQueue, contents: JobContents): SmsOutbox {
  const lifetime = contentLifetimeSeconds(smsQueue.settings);
  return {
    async send({ to, body }) {
      const content = await contents.put({ body }, lifetime);
      await jobs.send(smsQueue, { to, content });
    },
  };
}

/** Sends the queued texts; a text's content goes once it is sent or given up. */
export async function startSmsWorker(
  jobs: JobQueue,
  sender: SmsSender,
  contents: JobContents,
  logger: Logger,
): Promise<void> {
  const drop = async (job: SmsJob) => {
    if (typeof job.content !== 'string') return;
    await contents.drop(job.content).catch((error: unknown) => {
      logger.error({ err: error, to: maskedNumber(job.to) }, 'text content not deleted after the send');
    });
  };
  await jobs.work(
    smsQueue,
    async (job, { final }) => {
      // A job queued by the release before ADR 0039 holds its text itself (it goes within the hour).
      const legacy = 'body' in job ? (job as unknown as SmsMessage) : undefined;
      const content = legacy ?? (await contents.get<{ body: string }>(job.content));
      if (!content)
        throw new Error('This text was given up and its content deleted: it cannot be sent again.');
      try {
        await sender.send({ to: job.to, body: content.body });
      } catch (error) {
        if (final) await drop(job);
        throw error;
      }
      await drop(job);
    },
    { concurrency: 4 },
  );
}
