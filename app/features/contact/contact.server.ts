import { randomUUID } from 'node:crypto';
import type { Env } from '#server/env';
import { defineQueue } from '#server/jobs/queue';
import { mailQueue } from '#server/mail/outbox';
import type { RateLimitRule } from '#server/rate-limit';
import type { AppServices } from '#server/types';
import { contactMessageMail } from './contact-mail.server';
import { type ContactInput, HONEYPOT_FIELD } from './contact.schema';

type Services = Pick<AppServices, 'database' | 'jobs' | 'rateLimiter' | 'logger' | 'env'>;

/** Enough for a person writing, a few corrections and a follow-up; too few to flood the inbox. */
const CONTACT_IP_LIMIT: RateLimitRule = { limit: 5, windowMs: 10 * 60_000 };

export type ContactOutcome = { status: 'sent' } | { status: 'rate_limited'; retryAfterSeconds: number };

/**
 * Stores the message and queues its mail to the staff inbox (the sender as Reply-To). A message
 * whose honeypot is filled came from a bot: it gets the same answer as a person, so the bot
 * learns nothing, and nothing is stored or sent.
 */
export async function submitContactMessage(
  services: Services,
  input: ContactInput,
  ip: string,
): Promise<ContactOutcome> {
  const { database, jobs, rateLimiter, logger, env } = services;
  const limit = await rateLimiter.hit(`contact:ip:${ip}`, CONTACT_IP_LIMIT);
  if (!limit.allowed) return { status: 'rate_limited', retryAfterSeconds: limit.retryAfterSeconds };
  if (input[HONEYPOT_FIELD]) {
    logger.info({ ip }, 'contact message dropped: honeypot filled');
    return { status: 'sent' };
  }

  const id = randomUUID();
  const { name, email, message } = input;
  const now = Date.now();
  // The message and its staff notification commit together: a mail server that is down
  // delays the notification (the job queue retries it), and the message is in the inbox at once.
  await database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('contact_messages')
      .values({
        id,
        name,
        email,
        message,
        ip,
        created_at: now,
        updated_at: now,
        mailed_at: null,
        status: 'new',
      })
      .execute();
    await jobs.send(contactNotifyQueue(env), { messageId: id }, { trx });
  });
  return { status: 'sent' };
}

/** The staff notification of one contact message: sent, then marked, by the job queue, tried as any mail. */
export function contactNotifyQueue(env: Pick<Env, 'MAIL_RETRY_MAX_SECONDS'>) {
  return defineQueue<{ messageId: string }>('contact.notify', {
    ...mailQueue(env).settings,
    keepFinishedSeconds: 7 * 24 * 60 * 60,
  });
}

export async function notifyStaffOfMessage(
  services: Pick<AppServices, 'database' | 'mailer' | 'env'>,
  messageId: string,
): Promise<void> {
  const { db } = services.database;
  const row = await db
    .selectFrom('contact_messages')
    .select(['name', 'email', 'message', 'mailed_at'])
    .where('id', '=', messageId)
    .executeTakeFirst();
  if (!row || row.mailed_at !== null) return;
  await services.mailer.send({
    kind: 'contact notification',
    to: services.env.STORE_EMAIL,
    replyTo: row.email,
    ...contactMessageMail({ name: row.name, email: row.email, message: row.message }),
  });
  await db
    .updateTable('contact_messages')
    .set({ mailed_at: Date.now() })
    .where('id', '=', messageId)
    .execute();
}
