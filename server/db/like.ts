import { type Expression, type RawBuilder, sql } from 'kysely';

/** A LIKE pattern that matches the text literally: % and _ are the user's, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `column` contains `text`, ignoring case, the same on both engines (SQLite needs its ESCAPE
 * said; PostgreSQL's LIKE is case-sensitive, hence lower() on both sides).
 */
export function containsText(column: Expression<unknown> | string, text: string): RawBuilder<boolean> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  return sql<boolean>`lower(${ref}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}
