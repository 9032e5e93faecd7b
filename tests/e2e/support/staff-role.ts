import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Makes a signed-in account staff, with two-factor counted as on, in the e2e store's SQLite file
 * (as an administrator would on /admin/staff; that flow, with its real second factor, is
 * console.spec's). Done after signing in: a sign-in with two-factor on would ask for a code.
 * Its sessions count as having passed the second factor, as that sign-in would have made them
 * (the console's challenge for sessions without one is staff-second-factor.spec's). `admin` for
 * the pages only administrators use (an organisation's buying terms).
 */
export function makeStaff(email: string, role: 'staff' | 'admin' = 'staff') {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'store.db'));
  try {
    const changed = db
      .prepare(`update "user" set role = ?, "twoFactorEnabled" = 1 where email = ?`)
      .run(role, email).changes;
    if (changed !== 1) throw new Error(`no account ${email} to make staff`);
    db.prepare(
      `update session set "secondFactor" = 'totp', "secondFactorAt" = ? where "userId" = (select id from "user" where email = ?)`,
    ).run(Date.now(), email);
  } finally {
    db.close();
  }
}
