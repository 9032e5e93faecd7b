import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { Env } from '../env';
import { defineQueue, type JobQueue, type QueueDefinition } from '../jobs/queue';
import type { Logger } from '../logger';
import type { Mailer, MailMessage } from './mailer';

export interface Outbox {
  /**
   * Queues a mail: it is sent by the job queue, retried with backoff while the mail server is
   * down, and (with `trx`) exists exactly when the transaction commits. Resolves once queued.
   */
  send(message: MailMessage, options?: { trx?: Kysely<DatabaseSchema> }): Promise<void>;
}

/**
 * Every store mail, one job each. A try gives up after the mailer's timeouts (10-20 s); then
 * 5 s, 10 s, 20 s ... up to MAIL_RETRY_MAX_SECONDS between tries, 25 tries in all: with the
 * default 10 minutes, a mail server may be away for about three hours before a mail is failed
 * (and an operator can still retry it from /admin/jobs).
 */
export function mailQueue(env: Pick<Env, 'MAIL_RETRY_MAX_SECONDS'>): QueueDefinition<MailMessage> {
  return defineQueue<MailMessage>('mail', {
    retryLimit: 24,
    retryDelaySeconds: 5,
    retryDelayMaxSeconds: env.MAIL_RETRY_MAX_SECONDS,
    expireInSeconds: 120,
    // The job holds the mail (sign-in links among them): kept a day, for the console, then gone.
    keepFinishedSeconds: 24 * 60 * 60,
  });
}

export function createOutbox(jobs: JobQueue, env: Pick<Env, 'MAIL_RETRY_MAX_SECONDS'>): Outbox {
  const queue = mailQueue(env);
  return {
    async send(message, options = {}) {
      await jobs.send(queue, message, options.trx ? { trx: options.trx } : {});
    },
  };
}

/** Sends the queued mails on this instance. */
export async function startMailWorker(
  jobs: JobQueue,
  mailer: Mailer,
  env: Pick<Env, 'MAIL_RETRY_MAX_SECONDS'>,
  logger: Logger,
): Promise<void> {
  await jobs.work(
    mailQueue(env),
    async (message, { attempt }) => {
      // An account made by a code by text has a placeholder address (.invalid, RFC 2606).
      if (/\.invalid$/i.test(message.to)) {
        logger.info({ subject: message.subject }, 'mail to a placeholder address not sent');
        return;
      }
      if (attempt > 1) logger.info({ to: message.to, subject: message.subject, attempt }, 'mail retried');
      await mailer.send(message);
    },
    { concurrency: 4 },
  );
}
