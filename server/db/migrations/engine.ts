import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/** Column types that differ between the engines, for migrations written once for both. */
export function columnTypes(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  return {
    postgres,
    boolean: postgres ? ('boolean' as const) : ('integer' as const),
    timestamp: postgres ? ('timestamptz' as const) : ('date' as const),
    /** Default "now" for Better Auth's timestamp columns on PostgreSQL (none on SQLite). */
    now: postgres ? sql`CURRENT_TIMESTAMP` : undefined,
  };
}
