import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { type RateLimitRule, tooManyAttempts } from '#server/rate-limit';
import type { RetentionRule } from '#server/retention';
import type { AppServices } from '#server/types';
import { CONFIRM_LINK_DAYS } from './newsletter';
import { newsletterConfirmMail } from './newsletter-mail.server';
import { newsletterTokenSchema, signedUnsubscribeTokenSchema } from './newsletter.schema';

type Db = Kysely<DatabaseSchema>;
type Services = Pick<AppServices, 'database' | 'mail' | 'rateLimiter' | 'env'>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Sign-ups from one client address. */
const NEWSLETTER_IP_LIMIT: RateLimitRule = { limit: 10, windowMs: 10 * MINUTE };
/** Confirmation mails to one address, so the form cannot be used to flood someone's inbox. */
const NEWSLETTER_EMAIL_LIMIT: RateLimitRule = { limit: 3, windowMs: 60 * MINUTE };

export type SubscribeOutcome =
  { status: 'subscribed' } | { status: 'rate_limited'; retryAfterSeconds: number; message: string };

type TokenAction = 'confirm' | 'unsubscribe';

/** Tokens are stored only as this hash: the token itself exists in the mail alone. */
function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const newToken = () => randomBytes(32).toString('base64url');

/**
 * Starts (or restarts) a subscription and mails the confirmation link (double opt-in). The
 * answer is "subscribed" whether the address is new, waiting for confirmation or already
 * confirmed, so the form never tells anyone who is on the list.
 */
export async function requestSubscription(
  services: Services,
  email: string,
  ip: string,
): Promise<SubscribeOutcome> {
  const { database, mail, rateLimiter, env } = services;
  const byIp = await rateLimiter.hit(`newsletter:ip:${ip}`, NEWSLETTER_IP_LIMIT);
  if (!byIp.allowed) {
    const seconds = byIp.retryAfterSeconds;
    return { status: 'rate_limited', retryAfterSeconds: seconds, message: tooManyAttempts(seconds) };
  }
  // Hashed: an address can be longer than the key column allows.
  const byEmail = await rateLimiter.hit(`newsletter:email:${sha256(email)}`, NEWSLETTER_EMAIL_LIMIT);
  // Quietly skipped: a refusal would tell the asker this address was just used.
  if (!byEmail.allowed) return { status: 'subscribed' };

  const tokens = { confirm: newToken(), unsubscribe: newToken() };
  if (!(await startSubscription(database.db, email, tokens))) return { status: 'subscribed' };
  const link = (action: TokenAction, token: string) => `${env.APP_URL}/newsletter/${action}?token=${token}`;
  // Queued: a mail server that is down delays the confirmation mail, it does not lose it.
  await mail.send({
    kind: 'newsletter confirmation',
    to: email,
    ...newsletterConfirmMail({
      confirmUrl: link('confirm', tokens.confirm),
      unsubscribeUrl: link('unsubscribe', tokens.unsubscribe),
      expiresInDays: CONFIRM_LINK_DAYS,
    }),
  });
  return { status: 'subscribed' };
}

/**
 * One row per address, written in one statement so two sign-ups at once cannot make two.
 * A new, unconfirmed or unsubscribed address gets fresh tokens and must confirm again; a
 * confirmed one is left alone. True when a confirmation mail should go out.
 */
async function startSubscription(
  db: Db,
  email: string,
  tokens: { confirm: string; unsubscribe: string },
): Promise<boolean> {
  const now = Date.now();
  const fresh = {
    subscribed_at: now,
    confirmed_at: null,
    unsubscribed_at: null,
    confirm_token_hash: sha256(tokens.confirm),
    unsubscribe_token_hash: sha256(tokens.unsubscribe),
  };
  const row = await db
    .insertInto('newsletter_subscribers')
    .values({ id: randomUUID(), email, ...fresh })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet(fresh)
        .where((eb) =>
          eb.or([
            eb('newsletter_subscribers.confirmed_at', 'is', null),
            eb('newsletter_subscribers.unsubscribed_at', 'is not', null),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Confirms the subscription the token belongs to. Confirming twice is fine (a second click
 * says the same); an unsubscribed address or a link older than CONFIRM_LINK_DAYS is refused.
 */
export async function confirmSubscription(db: Db, token: string): Promise<boolean> {
  if (!newsletterTokenSchema.safeParse(token).success) return false;
  const now = Date.now();
  const result = await db
    .updateTable('newsletter_subscribers')
    .set((eb) => ({ confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(now)) }))
    .where('confirm_token_hash', '=', sha256(token))
    .where('unsubscribed_at', 'is', null)
    .where((eb) =>
      eb.or([eb('confirmed_at', 'is not', null), eb('subscribed_at', '>', now - CONFIRM_LINK_DAYS * DAY)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A sign-up never confirmed is kept as long as its confirmation link works (CONFIRM_LINK_DAYS):
 * after that it can never be confirmed, is on no list, and holds only the address of someone
 * who did not agree to anything (anyone may type any address into the form). Confirmed and
 * unsubscribed rows are kept: the list itself, and the record that an address said no.
 */
export const unconfirmedSubscribers: RetentionRule = {
  name: 'newsletter_subscribers',
  async deleteBatch({ db, now, limit }) {
    const result = await db
      .deleteFrom('newsletter_subscribers')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('newsletter_subscribers')
          .select('id')
          // The same text as the partial index of migration 0023, which the planner then uses.
          .where('confirmed_at', 'is', null)
          .where('unsubscribed_at', 'is', null)
          .where('subscribed_at', '<', now - CONFIRM_LINK_DAYS * DAY)
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};

const unsubscribeMac = (secret: string, subscriberId: string) =>
  createHmac('sha256', secret).update(`newsletter-unsubscribe:${subscriberId}`).digest('base64url');

/**
 * The unsubscribe token of a campaign mail. The confirmation mail's token is kept only as a
 * hash, so a campaign cannot reuse it; this one is the subscriber's id signed with the store's
 * secret: nothing to store, and no id can be guessed into a working link.
 */
export function signedUnsubscribeToken(secret: string, subscriberId: string): string {
  return `${subscriberId}.${unsubscribeMac(secret, subscriberId)}`;
}

function subscriberOfSignedToken(secret: string, token: string): string | undefined {
  if (!signedUnsubscribeTokenSchema.safeParse(token).success) return undefined;
  const [id = '', mac = ''] = token.split('.');
  const expected = Buffer.from(unsubscribeMac(secret, id));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

/**
 * Ends the subscription the token belongs to (a confirmation mail's or a campaign's); the link
 * keeps working (and saying so).
 */
export async function unsubscribe(db: Db, token: string, secret: string): Promise<boolean> {
  const subscriberId = subscriberOfSignedToken(secret, token);
  if (!subscriberId && !newsletterTokenSchema.safeParse(token).success) return false;
  let query = db
    .updateTable('newsletter_subscribers')
    .set((eb) => ({ unsubscribed_at: eb.fn.coalesce('unsubscribed_at', eb.val(Date.now())) }));
  query = subscriberId
    ? query.where('id', '=', subscriberId)
    : query.where('unsubscribe_token_hash', '=', sha256(token));
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
