import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { AppDatabase, Engine } from './db/database';
import type { DatabaseSchema } from './db/schema';
import { defineQueue } from './jobs/queue';
import { offerEvery } from './jobs/schedule';
import type { AppServices } from './types';

/**
 * Data retention (docs/decisions/0032): rows that are written per request and are worth nothing
 * once their lifetime has passed are deleted by one scheduled job. Records (orders, the audit
 * log, messages, reviews) are kept; finished jobs go by the queue's own retention
 * (`keepFinishedSeconds`: pg-boss's deleteAfterSeconds, the SQLite queue's keep_until).
 */

/**
 * Rows a statement deletes at most. On SQLite a statement holds the one write lock and, with
 * better-sqlite3, the event loop: 500 rows with their index entries take a few milliseconds
 * (measured in tests/integration/retention.test.ts), about one ordinary write's wait.
 */
export const RETENTION_BATCH_ROWS = 500;
/** Between two batches the requests' writes go first. */
const BATCH_PAUSE_MS = 5;

/**
 * Instances write expiry times by their own clocks: rows are deleted this long after they
 * expired, so a clock a little ahead on the instance running the job ends nothing early.
 */
const CLOCK_MARGIN_MS = 60 * 1000;
/**
 * A session lives until Better Auth's `expiresAt`: 30 days after its last refresh
 * (server/auth/options.ts). Past it the session signs no one in, and the account page and the
 * console list only live ones, so it goes as soon as it expired (and the clock margin passed).
 */
const SESSION_KEPT_AFTER_EXPIRY_MS = CLOCK_MARGIN_MS;
/**
 * A verification row (a sign-in code, 10 minutes; a reset or verification link, a day; a staff
 * invitation) is refused by Better Auth past its `expiresAt`, and it holds a secret: it goes as
 * soon as it expired.
 */
const VERIFICATION_KEPT_AFTER_EXPIRY_MS = CLOCK_MARGIN_MS;
/**
 * A rate-limit row lives for its window (a minute to an hour, server/auth/limits.ts and the
 * features' rules). Past it the row counts nothing (the next hit starts the window afresh).
 */
const RATE_LIMIT_KEPT_AFTER_WINDOW_MS = CLOCK_MARGIN_MS;

/** What a rule deletes with: the store's database, its engine, the time of the run, the batch size. */
export interface RetentionContext {
  db: Kysely<DatabaseSchema>;
  engine: Engine;
  now: number;
  limit: number;
}

/**
 * One kind of row with a lifetime: deletes up to `limit` rows past it and says how many. A
 * feature adds its own kinds (the composition root passes them to startRetentionJob).
 */
export interface RetentionRule {
  name: string;
  deleteBatch(context: RetentionContext): Promise<number>;
}

/**
 * Better Auth writes its timestamps as ISO text on SQLite and as timestamptz on PostgreSQL
 * (its Kysely adapter); ISO text of one format sorts as the times do.
 */
function authTime(engine: Engine, ms: number): string | Date {
  return engine === 'postgres' ? new Date(ms) : new Date(ms).toISOString();
}

/** Better Auth's tables are typed by Better Auth, not in DatabaseSchema. */
type AuthTables = Kysely<{
  session: { id: string; expiresAt: string | Date };
  verification: { id: string; expiresAt: string | Date };
}>;

function expiredAuthRows(table: 'session' | 'verification', keptAfterExpiryMs: number): RetentionRule {
  return {
    name: table,
    async deleteBatch({ db, engine, now, limit }) {
      const auth = db as unknown as AuthTables;
      const cutoff = authTime(engine, now - keptAfterExpiryMs);
      const result = await auth
        .deleteFrom(table)
        .where('id', 'in', (eb) =>
          eb.selectFrom(table).select('id').where('expiresAt', '<', cutoff).limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/**
 * The kinds of row server/ owns: Better Auth's sessions and verifications, rate limits, and
 * queued messages' contents left behind by a job that never finished (server/jobs/contents.ts).
 */
export const SERVER_RETENTION_RULES: RetentionRule[] = [
  expiredAuthRows('session', SESSION_KEPT_AFTER_EXPIRY_MS),
  expiredAuthRows('verification', VERIFICATION_KEPT_AFTER_EXPIRY_MS),
  {
    name: 'job_contents',
    async deleteBatch({ db, now, limit }) {
      const result = await db
        .deleteFrom('job_contents')
        .where('id', 'in', (eb) =>
          eb.selectFrom('job_contents').select('id').where('expires_at', '<', now).limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  },
  {
    name: 'rate_limits',
    async deleteBatch({ db, now, limit }) {
      const result = await db
        .deleteFrom('rate_limits')
        .where('key', 'in', (eb) =>
          eb
            .selectFrom('rate_limits')
            .select('key')
            .where('reset_at', '<=', now - RATE_LIMIT_KEPT_AFTER_WINDOW_MS)
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  },
];

/**
 * Deletes every row past its lifetime, rule by rule, a batch at a time. Returns the rows
 * deleted by rule name.
 */
export async function deleteExpiredRows(
  database: AppDatabase,
  rules: RetentionRule[],
  options: { now?: number; batchRows?: number } = {},
): Promise<Record<string, number>> {
  const now = options.now ?? Date.now();
  const limit = options.batchRows ?? RETENTION_BATCH_ROWS;
  const deleted: Record<string, number> = {};
  for (const rule of rules) {
    let total = 0;
    for (;;) {
      const count = await rule.deleteBatch({ db: database.db, engine: database.engine, now, limit });
      total += count;
      if (count < limit) break;
      await sleep(BATCH_PAUSE_MS);
    }
    deleted[rule.name] = total;
  }
  return deleted;
}

/** One run at a time across every instance; a failed run is simply the next one's work. */
const RETENTION_QUEUE = defineQueue<Record<string, never>>('retention.sweep', {
  retryLimit: 0,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 1,
  // Batches of a backlog (a first run on a store of years) take minutes, not ten.
  expireInSeconds: 600,
  singleton: true,
  keepFinishedSeconds: 24 * 60 * 60,
});

/**
 * Works the retention job on this instance and offers it every RETENTION_SWEEP_SECONDS (one
 * instance runs it per interval). `featureRules`: the kinds the features own. Returns stop.
 */
export async function startRetentionJob(
  services: Pick<AppServices, 'database' | 'env' | 'jobs' | 'logger'>,
  featureRules: RetentionRule[],
): Promise<() => Promise<void>> {
  const { database, env, jobs, logger } = services;
  const rules = [...SERVER_RETENTION_RULES, ...featureRules];
  await jobs.work(RETENTION_QUEUE, async () => {
    const deleted = await deleteExpiredRows(database, rules);
    if (Object.values(deleted).some((n) => n > 0)) logger.info({ deleted }, 'expired rows deleted');
  });
  const stop = offerEvery(jobs, RETENTION_QUEUE, env.RETENTION_SWEEP_SECONDS, logger);
  return async () => stop();
}
