import Database from 'better-sqlite3';

/** As if every session of the account signed in 11 minutes ago (time passing, in a store's SQLite file). */
export function ageSessions(file: string, email: string) {
  const db = new Database(file);
  try {
    const then = Date.now() - 11 * 60_000;
    const rows = db
      .prepare('select s.id, s.createdAt from session s join "user" u on u.id = s.userId where u.email = ?')
      .all(email) as { id: string; createdAt: unknown }[];
    for (const row of rows) {
      const past = typeof row.createdAt === 'number' ? then : new Date(then).toISOString();
      db.prepare('update session set createdAt = ?, reauthenticatedAt = null where id = ?').run(past, row.id);
    }
  } finally {
    db.close();
  }
}
