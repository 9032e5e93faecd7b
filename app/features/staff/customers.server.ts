import { type Kysely, sql } from 'kysely';
import type { Auth } from '#server/auth/auth';
import { containsText } from '#server/db/like';
import type { DatabaseSchema } from '#server/db/schema';
import { describeUserAgent } from '~/lib/device-label';
import { listAddresses } from '~/commerce/delivery/address-book.server';
import { type Actor, recordAudit } from '~/console/audit.server';

type Db = Kysely<DatabaseSchema>;
type Stamp = Date | string | number;

/** The columns of Better Auth's tables the customers pages read (migrations 0002, 0011, 0013). */
interface AuthTables {
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    role: string;
    emailVerified: boolean | number;
    twoFactorEnabled: boolean | number | null;
    createdAt: Stamp;
    disabledAt: number | null;
  };
  session: {
    id: string;
    userId: string;
    createdAt: Stamp;
    updatedAt: Stamp;
    expiresAt: Stamp;
    ipAddress: string | null;
    userAgent: string | null;
  };
  account: { id: string; userId: string; providerId: string; createdAt: Stamp };
}

const tables = (db: Db) => db as unknown as Kysely<AuthTables>;
const millis = (value: Stamp) => new Date(value).getTime();

export class CustomerError extends Error {}

export const CUSTOMERS_PER_PAGE = 50;

export interface CustomerSummary {
  id: string;
  email: string;
  name: string;
  joinedAt: number;
  verified: boolean;
  disabled: boolean;
}

function summary(row: AuthTables['user']): CustomerSummary {
  return {
    id: row.id,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    joinedAt: millis(row.createdAt),
    verified: Boolean(row.emailVerified),
    disabled: row.disabledAt !== null,
  };
}

const USER_COLUMNS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'role',
  'emailVerified',
  'twoFactorEnabled',
  'createdAt',
  'disabledAt',
] as const;

/** Customer accounts (staff are managed on their own page), newest first, by email or name. */
export async function listCustomers(db: Db, filter: { q: string; page: number }) {
  let query = tables(db).selectFrom('user').where('role', '=', 'customer');
  if (filter.q) {
    query = query.where((eb) =>
      eb.or([
        containsText('email', filter.q),
        containsText(sql`${sql.ref('firstName')} || ${sql.lit(' ')} || ${sql.ref('lastName')}`, filter.q),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select(USER_COLUMNS)
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .limit(CUSTOMERS_PER_PAGE)
      .offset((filter.page - 1) * CUSTOMERS_PER_PAGE)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { customers: rows.map(summary), total: Number(count.n) };
}

export async function customerDetail(db: Db, id: string) {
  const user = await tables(db)
    .selectFrom('user')
    .select(USER_COLUMNS)
    .where('id', '=', id)
    .where('role', '=', 'customer')
    .executeTakeFirst();
  if (!user) return undefined;
  const [orders, addresses, sessions, accounts] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['reference', 'status', 'fulfilment', 'total', 'created_at'])
      .where('user_id', '=', id)
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute(),
    listAddresses(db, id),
    tables(db)
      .selectFrom('session')
      .select(['id', 'createdAt', 'updatedAt', 'expiresAt', 'ipAddress', 'userAgent'])
      .where('userId', '=', id)
      .orderBy('updatedAt', 'desc')
      .execute(),
    tables(db).selectFrom('account').select(['providerId', 'createdAt']).where('userId', '=', id).execute(),
  ]);
  const now = Date.now();
  return {
    ...summary(user),
    twoFactor: Boolean(user.twoFactorEnabled),
    disabledAt: user.disabledAt,
    signInMethods: accounts.map((row) =>
      row.providerId === 'credential' ? 'Email and password' : row.providerId,
    ),
    sessions: sessions
      .filter((row) => millis(row.expiresAt) > now)
      .map((row) => ({
        id: row.id,
        device: describeUserAgent(row.userAgent),
        ipAddress: row.ipAddress,
        signedInAt: millis(row.createdAt),
        lastActiveAt: millis(row.updatedAt),
      })),
    orders: orders.map((row) => ({
      reference: row.reference,
      status: row.status,
      fulfilment: row.fulfilment,
      total: row.total,
      createdAt: row.created_at,
    })),
    addresses,
  };
}

async function customerRow(db: Db, id: string) {
  const row = await tables(db)
    .selectFrom('user')
    .select(['id', 'email', 'role', 'emailVerified', 'disabledAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new CustomerError('This account no longer exists.');
  if (row.role !== 'customer') throw new CustomerError('Staff accounts are managed on the Staff page.');
  return row;
}

/** Ends every session of the account: each device must sign in again. */
export async function signOutEverywhere(auth: Auth, db: Db, actor: Actor, id: string): Promise<void> {
  const row = await customerRow(db, id);
  const context = await auth.$context;
  await context.internalAdapter.deleteUserSessions(id);
  await db.transaction().execute((trx) =>
    recordAudit(trx, actor, {
      action: 'customer.sign-out-everywhere',
      targetType: 'user',
      targetId: id,
      after: { email: row.email },
    }),
  );
}

/**
 * Disables or enables an account. Disabled: every session ends and no new one starts (the
 * sign-in hook in server/auth/options.ts); orders, addresses and the rest stay as they are.
 */
export async function setCustomerDisabled(
  auth: Auth,
  db: Db,
  actor: Actor,
  id: string,
  disabled: boolean,
): Promise<boolean> {
  const row = await customerRow(db, id);
  if ((row.disabledAt !== null) === disabled) return false;
  await db.transaction().execute(async (trx) => {
    await tables(trx)
      .updateTable('user')
      .set({ disabledAt: disabled ? Date.now() : null })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      action: disabled ? 'customer.disable' : 'customer.enable',
      targetType: 'user',
      targetId: id,
      before: { email: row.email, disabled: !disabled },
      after: { email: row.email, disabled },
    });
  });
  if (disabled) await (await auth.$context).internalAdapter.deleteUserSessions(id);
  return true;
}

/** Sends the email-confirmation mail again (queued), for an account not yet confirmed. */
export async function resendConfirmation(
  auth: Auth,
  db: Db,
  actor: Actor,
  id: string,
  appUrl: string,
): Promise<string> {
  const row = await customerRow(db, id);
  if (row.emailVerified) throw new CustomerError('This email address is already confirmed.');
  await auth.api.sendVerificationEmail({ body: { email: row.email, callbackURL: `${appUrl}/account` } });
  await db.transaction().execute((trx) =>
    recordAudit(trx, actor, {
      action: 'customer.resend-confirmation',
      targetType: 'user',
      targetId: id,
      after: { email: row.email },
    }),
  );
  return row.email;
}
