import { randomUUID } from 'node:crypto';
import type { RateLimitRule } from '#server/rate-limit';
import type { AppServices } from '#server/types';
import { contactMessageMail } from './contact-mail.server';
import { type ContactInput, HONEYPOT_FIELD } from './contact.schema';

type Services = Pick<AppServices, 'database' | 'mailer' | 'rateLimiter' | 'env' | 'logger'>;

/** Enough for a person writing, a few corrections and a follow-up; too few to flood the inbox. */
const CONTACT_IP_LIMIT: RateLimitRule = { limit: 5, windowMs: 10 * 60_000 };

export type ContactOutcome =
  { status: 'sent' } | { status: 'rate_limited'; retryAfterSeconds: number } | { status: 'mail_failed' };

/**
 * Stores the message, then mails it to the staff inbox with the sender as Reply-To. A message
 * whose honeypot is filled came from a bot: it gets the same answer as a person, so the bot
 * learns nothing, and nothing is stored or sent.
 */
export async function submitContactMessage(
  services: Services,
  input: ContactInput,
  ip: string,
): Promise<ContactOutcome> {
  const { database, mailer, rateLimiter, env, logger } = services;
  const limit = await rateLimiter.hit(`contact:ip:${ip}`, CONTACT_IP_LIMIT);
  if (!limit.allowed) return { status: 'rate_limited', retryAfterSeconds: limit.retryAfterSeconds };
  if (input[HONEYPOT_FIELD]) {
    logger.info({ ip }, 'contact message dropped: honeypot filled');
    return { status: 'sent' };
  }

  const id = randomUUID();
  const { name, email, message } = input;
  await database.db
    .insertInto('contact_messages')
    .values({ id, name, email, message, ip, created_at: Date.now(), mailed_at: null })
    .execute();
  try {
    await mailer.send({
      to: env.STORE_EMAIL,
      replyTo: email,
      ...contactMessageMail({ name, email, message }),
    });
  } catch (error) {
    // The message stays stored with mailed_at empty, so staff can still find it.
    logger.error({ err: error, contactMessageId: id }, 'contact message stored but not mailed');
    return { status: 'mail_failed' };
  }
  await database.db
    .updateTable('contact_messages')
    .set({ mailed_at: Date.now() })
    .where('id', '=', id)
    .execute();
  return { status: 'sent' };
}
