/**
 * Row types of our own tables. Timestamps are epoch milliseconds (bigint in PostgreSQL, read
 * back as numbers by the pg type parser set up in database.ts), so both engines return the
 * same shapes. Better Auth's tables are typed by Better Auth itself.
 */
export interface RateLimitTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface DatabaseSchema {
  rate_limits: RateLimitTable;
}
