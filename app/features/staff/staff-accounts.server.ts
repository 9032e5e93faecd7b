import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Auth } from '#server/auth/auth';
import { roleOf, type UserRole } from '#server/auth/roles';
import type { DatabaseSchema } from '#server/db/schema';
import { type Actor, recordAudit } from '~/console/audit.server';

/** The columns of Better Auth's user table that staff management reads and writes (migration 0011). */
interface UserColumns {
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    role: string;
    emailVerified: boolean | number | null;
    twoFactorEnabled: boolean | number | null;
  };
  session: { id: string; userId: string };
}

type Db = Kysely<DatabaseSchema>;
const users = (db: Db) => db as unknown as Kysely<UserColumns>;

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: 'staff' | 'admin';
  twoFactorEnabled: boolean;
}

export class StaffError extends Error {}

/** Who made a role change from the command line (`npm run admin:create`), in the audit log. */
export const COMMAND_LINE_ACTOR: Actor = { id: 'command-line', email: 'npm run admin:create' };

/** The answer to promoting an account whose owner never proved the address is theirs. */
export const unconfirmedMessage = (email: string) =>
  `${email} has not confirmed their email address yet. Ask them to open the confirmation email ` +
  '(or sign in once with a code sent to that address), then invite them again. Nothing was changed.';

/** A set-password link stays good this long: an invite may wait a weekend in a mailbox. */
export const SET_PASSWORD_LINK_HOURS = 72;

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await users(db)
    .selectFrom('user')
    .select(['id', 'email', 'firstName', 'lastName', 'role', 'twoFactorEnabled'])
    .where('role', 'in', ['staff', 'admin'])
    .orderBy('email')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    role: roleOf(row.role) === 'admin' ? 'admin' : 'staff',
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
  }));
}

export interface NewStaff {
  email: string;
  firstName: string;
  lastName: string;
  role: 'staff' | 'admin';
}

/**
 * Gives an account a staff role, creating it first when the email has none, and returns a
 * one-time link to set its password (Better Auth's own reset token, so the store's reset page
 * takes it). `actor` is the admin doing it; the command line (the first admin) has none.
 *
 * An existing account is promoted only when its address is confirmed: anyone can register an
 * unconfirmed account under someone else's address, add a passkey or a second factor of their
 * own, and wait for that person to be invited. The promoted account's sessions end in the same
 * transaction, so it signs in again and meets the console's two-factor setup.
 */
export async function grantStaffRole(
  auth: Auth,
  db: Db,
  person: NewStaff,
  actor: Actor | null,
  appUrl: string,
): Promise<{ userId: string; created: boolean; link: string }> {
  const email = person.email.trim().toLowerCase();
  const context = await auth.$context;
  let existing = await users(db)
    .selectFrom('user')
    .select(['id', 'role', 'emailVerified'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing && !existing.emailVerified) throw new StaffError(unconfirmedMessage(email));
  const created = !existing;
  if (!existing) {
    // Better Auth writes its own rows (ids, dates) the way its sign-in reads them. The account
    // is a customer's until the role is set below, so a failure in between grants nothing.
    const user = await context.internalAdapter.createUser(
      {
        email,
        name: `${person.firstName} ${person.lastName}`,
        emailVerified: true,
        firstName: person.firstName,
        lastName: person.lastName,
      },
      { method: 'admin' },
    );
    existing = { id: user.id, role: 'customer', emailVerified: true };
  }
  const { id } = existing;
  const before = roleOf(existing.role);
  await db.transaction().execute(async (trx) => {
    await users(trx).updateTable('user').set({ role: person.role }).where('id', '=', id).execute();
    await users(trx).deleteFrom('session').where('userId', '=', id).execute();
    await recordAudit(trx, actor ?? COMMAND_LINE_ACTOR, {
      action: created ? 'staff.invite' : 'staff.role',
      targetType: 'user',
      targetId: id,
      before: created ? undefined : { email, role: before },
      after: { email, role: person.role },
    });
  });
  const token = randomBytes(24).toString('base64url');
  await context.internalAdapter.createVerificationValue({
    value: id,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + SET_PASSWORD_LINK_HOURS * 3600_000),
  });
  return { userId: id, created, link: `${appUrl}/reset-password?token=${token}` };
}

/**
 * An admin changes a member of staff's role, or takes it away ('customer': the account and its
 * orders stay). Nobody changes their own role, and the last admin stays an admin.
 */
export async function changeStaffRole(db: Db, actor: Actor, userId: string, role: UserRole): Promise<void> {
  if (userId === actor.id) throw new StaffError('You cannot change your own role.');
  await db.transaction().execute(async (trx) => {
    const row = await users(trx)
      .selectFrom('user')
      .select(['id', 'email', 'role'])
      .where('id', '=', userId)
      .executeTakeFirst();
    const before = row ? roleOf(row.role) : 'customer';
    if (!row || before === 'customer') throw new StaffError('This person is not a member of staff.');
    if (before === role) return;
    await users(trx).updateTable('user').set({ role }).where('id', '=', userId).execute();
    if (before === 'admin') {
      const admins = await users(trx)
        .selectFrom('user')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      if (Number(admins.count) === 0) throw new StaffError('The store needs at least one administrator.');
    }
    await recordAudit(trx, actor, {
      action: role === 'customer' ? 'staff.remove' : 'staff.role',
      targetType: 'user',
      targetId: userId,
      before: { email: row.email, role: before },
      after: { email: row.email, role },
    });
  });
}
