import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { DatabaseSchema } from '#server/db/schema';
import type { Env } from '#server/env';
import { defineQueue, type JobQueue, type QueueDefinition } from '#server/jobs/queue';
import type { Logger } from '#server/logger';
import { endpointUrlProblem } from './endpoint-url.server';
import { openWebhookSecret } from './secrets.server';
import { postDelivery, type SendResult } from './sender.server';

type Db = Kysely<DatabaseSchema>;

/** A delivery's job names the delivery only: the secret and the body stay in their tables. */
export interface DeliveryJob {
  delivery: string;
}

/** Retries go on for three days from the event, then the delivery is failed (an admin may resend). */
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

type WebhookEnv = Pick<Env, 'WEBHOOK_RETRY_DELAY_SECONDS' | 'WEBHOOK_TIMEOUT_SECONDS'>;

/**
 * Exponential backoff from WEBHOOK_RETRY_DELAY_SECONDS (30 s: 30 s, 1 min, 2 min … up to 6 h
 * between tries, with pg-boss's jitter). The try limit is more than three days of such waits
 * can use: the three-day window (RETRY_WINDOW_MS) is what ends the retries.
 */
export function webhookQueue(env: WebhookEnv): QueueDefinition<DeliveryJob> {
  return defineQueue<DeliveryJob>('webhook.delivery', {
    retryLimit: 60,
    retryDelaySeconds: env.WEBHOOK_RETRY_DELAY_SECONDS,
    retryDelayMaxSeconds: 6 * 60 * 60,
    expireInSeconds: env.WEBHOOK_TIMEOUT_SECONDS + 60,
    keepFinishedSeconds: 24 * 60 * 60,
  });
}

/** Puts a delivery on the queue in `trx` (the relay, a resend): the job exists when it commits. */
export function queueDelivery(jobs: JobQueue, env: WebhookEnv, trx: Db, delivery: string) {
  return jobs.send(webhookQueue(env), { delivery }, { trx });
}

/**
 * The outbox's relay: deliveries written with their change (emit.server.ts) are put on the job
 * queue once committed. Each instance looks every second; the conditional UPDATE in the same
 * transaction as the send means one job per delivery however many instances look at once.
 */
export async function relayDeliveries(db: Db, jobs: JobQueue, env: WebhookEnv, now = Date.now()) {
  const waiting = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('queued_at', 'is', null)
    .orderBy('created_at')
    .limit(100)
    .execute();
  let queued = 0;
  for (const { id } of waiting) {
    await db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('webhook_deliveries')
        .set({ queued_at: now })
        .where('id', '=', id)
        .where('queued_at', 'is', null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return;
      await queueDelivery(jobs, env, trx, id);
      queued += 1;
    });
  }
  return queued;
}

interface Services {
  db: Db;
  jobs: JobQueue;
  env: WebhookEnv & Pick<Env, 'AUTH_SECRET' | 'isProduction'>;
  logger: Logger;
}

async function recordAttempt(
  db: Db,
  delivery: string,
  result: SendResult,
  state: 'pending' | 'succeeded' | 'failed',
) {
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_attempts')
      .values({
        id: randomUUID(),
        delivery_id: delivery,
        at: now - result.durationMs,
        duration_ms: result.durationMs,
        outcome: result.outcome,
        status_code: result.statusCode,
        error: result.error,
        response_excerpt: result.excerpt,
      })
      .execute();
    await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({ state, attempts: eb('attempts', '+', 1), updated_at: now }))
      .where('id', '=', delivery)
      .execute();
  });
}

/** One try of one delivery: signed afresh (a new timestamp), always with the event's id. */
export async function deliverOnce(
  services: Services,
  delivery: string,
  final: boolean,
  signal?: AbortSignal,
) {
  const { db, env } = services;
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .select([
      'd.state',
      'd.created_at',
      'e.url',
      'e.secret',
      'e.previous_secret',
      'e.previous_secret_until',
      'e.enabled',
      'v.id as eventId',
      'v.payload',
    ])
    .where('d.id', '=', delivery)
    .executeTakeFirst();
  // Gone with its endpoint, or done already (a job run twice after a crash): nothing to send.
  if (!row || row.state !== 'pending') return;
  const refuse = (error: string) =>
    recordAttempt(
      db,
      delivery,
      { outcome: 'refused', statusCode: null, excerpt: null, error, durationMs: 0 },
      'failed',
    );
  if (!Number(row.enabled)) return refuse('The endpoint is disabled.');
  const problem = endpointUrlProblem(row.url, env.isProduction);
  if (problem) return refuse(problem);
  const at = new Date();
  let secrets: string[];
  try {
    secrets = [openWebhookSecret(row.secret, env.AUTH_SECRET)];
    // After a rotation, the old secret signs too until its day is up (Standard Webhooks lets a
    // header carry several signatures, space-separated; a receiver accepts any one it can verify).
    if (row.previous_secret && Number(row.previous_secret_until) > at.getTime()) {
      secrets.push(openWebhookSecret(row.previous_secret, env.AUTH_SECRET));
    }
  } catch {
    return refuse('The signing secret cannot be read (AUTH_SECRET changed): make a new endpoint.');
  }
  const signature = secrets.map((secret) => new Webhook(secret).sign(row.eventId, at, row.payload)).join(' ');
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const result = await postDelivery(
    row.url,
    {
      'webhook-id': row.eventId,
      'webhook-timestamp': timestamp,
      'webhook-signature': signature,
      'user-agent': 'MediSupply-Webhooks/1',
    },
    row.payload,
    { timeoutMs: env.WEBHOOK_TIMEOUT_SECONDS * 1000, production: env.isProduction, signal },
  );
  if (result.outcome === 'succeeded') return recordAttempt(db, delivery, result, 'succeeded');
  const outOfTime = Date.now() - Number(row.created_at) > RETRY_WINDOW_MS;
  const giveUp = final || outOfTime || result.outcome === 'refused';
  await recordAttempt(db, delivery, result, giveUp ? 'failed' : 'pending');
  // Thrown, the queue waits and tries again; a given-up delivery ends its job quietly.
  if (!giveUp) throw new Error(result.error ?? 'The delivery failed.');
}

/** The delivery worker and the relay on this instance. Returns stop. */
export async function startWebhookJobs(services: Services): Promise<() => Promise<void>> {
  const { jobs, env, logger, db } = services;
  await jobs.work(
    webhookQueue(env),
    ({ delivery }, { final, signal }) => deliverOnce(services, delivery, final, signal),
    { concurrency: 4 },
  );
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    relayDeliveries(db, jobs, env)
      .catch((error: unknown) => logger.error({ err: error }, 'webhook deliveries not queued'))
      .finally(() => {
        running = false;
      });
  }, 1000);
  timer.unref();
  return async () => clearInterval(timer);
}
