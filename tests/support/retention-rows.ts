import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../server/db/database';
import { timeLike } from './test-database';

/** Rows past (or within) their lifetime, written as the store writes them: the retention tests'. */
export type AnyTables = Kysely<Record<string, Record<string, unknown>>>;

/** Better Auth's timestamp in the form its adapter writes on this engine. */
export const authTime = (database: AppDatabase, ms: number) =>
  timeLike(database.engine === 'postgres' ? new Date() : new Date().toISOString(), ms);

export async function addVerification(database: AppDatabase, identifier: string, expiresAt: number) {
  const now = authTime(database, Date.now());
  await (database.db as never as AnyTables)
    .insertInto('verification')
    .values({
      id: randomUUID(),
      identifier,
      value: 'secret',
      expiresAt: authTime(database, expiresAt),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

/** An event with one delivery in `state` and one attempt, as the relay and the sender write them. */
export async function addWebhookEvent(
  database: AppDatabase,
  endpointId: string,
  createdAt: number,
  state: 'pending' | 'succeeded' | 'failed',
) {
  const event = randomUUID();
  const delivery = randomUUID();
  await database.db
    .insertInto('webhook_events')
    .values({ id: event, type: 'order.paid', payload: '{}', created_at: createdAt })
    .execute();
  await database.db
    .insertInto('webhook_deliveries')
    .values({
      id: delivery,
      event_id: event,
      endpoint_id: endpointId,
      state,
      attempts: 1,
      queued_at: createdAt,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  await database.db
    .insertInto('webhook_attempts')
    .values({
      id: randomUUID(),
      delivery_id: delivery,
      at: createdAt,
      duration_ms: 5,
      outcome: state === 'succeeded' ? 'succeeded' : 'failed',
      status_code: 200,
      error: null,
      response_excerpt: null,
    })
    .execute();
  return event;
}

export async function addSubscriber(
  database: AppDatabase,
  email: string,
  subscribedAt: number,
  confirmed: boolean,
) {
  await database.db
    .insertInto('newsletter_subscribers')
    .values({
      id: randomUUID(),
      email,
      subscribed_at: subscribedAt,
      confirmed_at: confirmed ? subscribedAt + 1000 : null,
      unsubscribed_at: null,
      confirm_token_hash: randomUUID(),
      unsubscribe_token_hash: randomUUID(),
    })
    .execute();
}
