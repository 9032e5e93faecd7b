import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './db/schema';

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

/** What every rate-limited answer says, in the API and on pages alike. */
export function tooManyAttempts(seconds: number): string {
  return `Too many attempts. Try again in ${seconds} seconds.`;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Whole seconds until the window resets; what Retry-After carries. */
  retryAfterSeconds: number;
}

function storedKey(key: string): string {
  const safe = key.replaceAll('\u0000', '%00');
  // The key column holds 255 characters and a key can carry a client-sent email of any length:
  // a long key is stored as its hash, which still counts the same client together.
  return safe.length <= 200 ? safe : `sha256:${createHash('sha256').update(safe).digest('hex')}`;
}

/**
 * Fixed-window limiter whose counter lives in the database, so every server instance sharing
 * the database counts together. One atomic upsert per hit: concurrent hits never lose a count.
 * Rows whose window has passed are deleted by the retention job (server/retention.ts).
 */
export function createRateLimiter(
  db: Kysely<DatabaseSchema>,
  now: () => number = Date.now,
  /** Told of each counter over its limit, by its key's first part ("auth", "pay"...): for GET /metrics. */
  refused: (scope: string) => void = () => undefined,
) {
  return {
    async hit(rawKey: string, rule: RateLimitRule): Promise<RateLimitResult> {
      // Keys carry client input (an email); PostgreSQL refuses NUL in text with an error, which
      // surfaced as a 500 on sign-in (tests/hardening/fuzz.test.ts).
      const key = storedKey(rawKey);
      const at = now();
      const resetAt = at + rule.windowMs;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => {
            const expired = eb('rate_limits.reset_at', '<=', at);
            return {
              count: eb
                .case()
                .when(expired)
                .then(1)
                .else(eb('rate_limits.count', '+', 1))
                .end(),
              reset_at: eb.case().when(expired).then(resetAt).else(eb.ref('rate_limits.reset_at')).end(),
            };
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      const count = Number(row.count);
      if (count > rule.limit) refused(key.slice(0, Math.max(0, key.indexOf(':'))) || 'other');
      return {
        allowed: count <= rule.limit,
        remaining: Math.max(0, rule.limit - count),
        retryAfterSeconds: Math.max(1, Math.ceil((Number(row.reset_at) - at) / 1000)),
      };
    },
    /**
     * Gives back one count of a hit that turned out to be a success, for counters of failures
     * only (guesses at a code). Counting first and refunding after, rather than counting after a
     * failure, keeps concurrent guesses from all passing a check made before any was counted.
     */
    async refund(rawKey: string): Promise<void> {
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', storedKey(rawKey))
        .where('count', '>', 0)
        .execute();
    },
    async reset(key: string): Promise<void> {
      await db.deleteFrom('rate_limits').where('key', '=', storedKey(key)).execute();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
