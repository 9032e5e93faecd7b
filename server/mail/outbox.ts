import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { Env } from '../env';
import { contentLifetimeSeconds, type JobContents } from '../jobs/contents';
import { defineQueue, type JobQueue, type QueueDefinition } from '../jobs/queue';
import type { Logger } from '../logger';
import type { Mailer, MailMessage } from './mailer';

/** A mail to queue: what it says, and its kind ("sign-in code"), which staff and the log see. */
export interface QueuedMail extends MailMessage {
  kind: string;
}

/**
 * A mail job's row: its kind and recipient only. What the mail says (subject, body, headers)
 * is in `job_contents` under `content` until it is sent or given up (docs/decisions/0039).
 */
export interface MailJob {
  kind: string;
  to: string;
  content: string;
}

type MailContentRow = Omit<MailMessage, 'to' | 'kind'>;

export interface Outbox {
  /**
   * Queues a mail: it is sent by the job queue, retried with backoff while the mail server is
   * down, and (with `trx`) exists exactly when the transaction commits. Resolves once queued.
   */
  send(message: QueuedMail, options?: { trx?: Kysely<DatabaseSchema> }): Promise<void>;
}

/** The text a give-up leaves when a mail's content is already gone (a retry from the console). */
export const MAIL_CONTENT_GONE =
  'This mail was given up and its content deleted (it may have held a sign-in link): it cannot be sent again.';

/**
 * Every store mail, one job each. A try gives up after the mailer's timeouts (10-20 s); then
 * 5 s, 10 s, 20 s ... up to MAIL_RETRY_MAX_SECONDS between tries, 25 tries in all: with the
 * default 10 minutes, a mail server may be away for about three hours before a mail is failed.
 */
export function mailQueue(env: Pick<Env, 'MAIL_RETRY_MAX_SECONDS'>): QueueDefinition<MailJob> {
  return defineQueue<MailJob>('mail', {
    retryLimit: 24,
    retryDelaySeconds: 5,
    retryDelayMaxSeconds: env.MAIL_RETRY_MAX_SECONDS,
    expireInSeconds: 120,
    // The row names a kind and a recipient (the content is gone once sent): a day in the console.
    keepFinishedSeconds: 24 * 60 * 60,
  });
}

/** A kind is a short label of our own ("order confirmation"), never text a visitor wrote. */
const KIND = /^[a-z][a-z -]{1,39}$/;

export function createOutbox(
  jobs: JobQueue,
  contents: JobContents,
  env: Pick<Env, 'MAIL_RETRY_MAX_SECONDS'>,
): Outbox {
  const queue = mailQueue(env);
  const lifetime = contentLifetimeSeconds(queue.settings);
  return {
    async send({ kind, to, ...content }, options = {}) {
      if (!KIND.test(kind)) throw new Error(`Bad mail kind: ${kind}`);
      const id = await contents.put(content satisfies MailContentRow, lifetime, options.trx);
      await jobs.send(queue, { kind, to, content: id }, options.trx ? { trx: options.trx } : {});
    },
  };
}

/** Sends the queued mails on this instance. */
export async function startMailWorker(
  jobs: JobQueue,
  mailer: Mailer,
  contents: JobContents,
  env: Pick<Env, 'MAIL_RETRY_MAX_SECONDS'>,
  logger: Logger,
): Promise<void> {
  const drop = async (job: MailJob) => {
    if (typeof job.content !== 'string') return;
    // Sent is sent: a failed delete must not fail the job (and send it again); the retention
    // job deletes what is left once its lifetime ends.
    await contents.drop(job.content).catch((error: unknown) => {
      logger.error({ err: error, kind: job.kind }, 'mail content not deleted after the send');
    });
  };
  await jobs.work(
    mailQueue(env),
    async (job, { attempt, final }) => {
      // A job queued by the release before ADR 0039 holds its mail itself (it goes within a day).
      const legacy = 'text' in job ? (job as unknown as MailMessage) : undefined;
      const content = legacy ?? (await contents.get<MailContentRow>(job.content));
      if (!content) throw new Error(MAIL_CONTENT_GONE);
      const kind = typeof job.kind === 'string' ? job.kind : 'mail';
      // An account made by a code by text has a placeholder address (.invalid, RFC 2606).
      if (/\.invalid$/i.test(job.to)) {
        logger.info({ kind }, 'mail to a placeholder address not sent');
        await drop(job);
        return;
      }
      if (attempt > 1) logger.info({ to: job.to, kind, attempt }, 'mail retried');
      try {
        await mailer.send({ ...content, to: job.to, kind });
      } catch (error) {
        // Given up: the content goes with it. Until then each try needs it.
        if (final) await drop(job);
        throw error;
      }
      await drop(job);
    },
    { concurrency: 4 },
  );
}
