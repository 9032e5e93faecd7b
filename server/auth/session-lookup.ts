import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { readCookie } from '../../app/lib/cookies';
import { preparedQuery } from '../db/prepared';
import type { SessionUser } from './auth';
import { roleOf } from './roles';
import { passedSecondFactor } from './session-factors';

/** The columns of Better Auth's tables this lookup reads (migration 0002-auth). */
interface AuthTables {
  session: {
    token: string;
    userId: string;
    expiresAt: Date | string | number;
    secondFactorAt: number | string | null;
  };
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    emailVerified: boolean | number;
    twoFactorEnabled: boolean | number | null;
    role: string;
  };
}

export interface LookupContext {
  secret: string;
  sessionCookie: string;
  dontRememberCookie: string;
  /** Seconds, as Better Auth's session options. */
  expiresIn: number;
  updateAge: number;
}

/** `null`: no valid session. `'delegate'`: a case Better Auth itself must handle (see below). */
export type LookupResult = SessionUser | null | 'delegate';

/**
 * The value of a cookie signed the way Better Auth (better-call) signs it: `value.base64(HMAC-SHA256)`.
 * Null when missing or the signature does not match.
 */
export function verifySignedCookie(raw: string, secret: string): string | null {
  const known = verified.get(secret)?.get(raw);
  if (known !== undefined) return known;
  const value = checkSignature(raw, secret);
  if (value !== null) remember(secret, raw, value);
  return value;
}

/**
 * Cookies whose signature checked out, by secret: a shopper sends the same cookie with every
 * request, and its HMAC was about 3 % of an add to cart's CPU. Only good signatures are kept,
 * so no made-up cookie takes a place; the map is emptied when full (a session is looked up
 * in the database on every request all the same).
 */
const verified = new Map<string, Map<string, string>>();
const VERIFIED_MAX = 10_000;

function remember(secret: string, raw: string, value: string) {
  let bySecret = verified.get(secret);
  if (!bySecret) {
    bySecret = new Map();
    verified.set(secret, bySecret);
  }
  if (bySecret.size >= VERIFIED_MAX) bySecret.clear();
  bySecret.set(raw, value);
}

function checkSignature(raw: string, secret: string): string | null {
  const dot = raw.lastIndexOf('.');
  if (dot < 1) return null;
  const value = raw.slice(0, dot);
  const signature = raw.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/** The request's session token, when its cookie carries one signed with the store's secret. */
export function sessionTokenOf(headers: Headers, context: LookupContext): string | null {
  const raw = readCookie(headers.get('cookie') ?? '', context.sessionCookie);
  return raw ? verifySignedCookie(raw, context.secret) : null;
}

/** The session of a token and its user: one join on the unique token. */
const sessionWithUser = preparedQuery((db: Kysely<AuthTables>, p: { token: string }) =>
  db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select([
      'session.expiresAt',
      'session.secondFactorAt',
      'user.id',
      'user.email',
      'user.firstName',
      'user.lastName',
      'user.emailVerified',
      'user.twoFactorEnabled',
      'user.role',
    ])
    .where('session.token', '=', p.token),
);

/**
 * The database check of a session for the API, in one indexed query (session.token is unique)
 * instead of Better Auth's whole get-session endpoint (which also signs and encrypts a new
 * cookie cache nobody receives). It is still a database check every time: a signed-out or
 * revoked session is refused at once.
 *
 * Anything unusual goes back to Better Auth ('delegate'): a session due for its daily refresh
 * (Better Auth slides its expiry), an expired one (Better Auth deletes it), and "don't remember
 * me" sessions. A missing, unsigned or unknown token is simply no session, as Better Auth says.
 */
export async function lookupSession(
  db: Kysely<never>,
  context: LookupContext,
  headers: Headers,
  now = Date.now(),
): Promise<LookupResult> {
  const token = sessionTokenOf(headers, context);
  if (!token) return null;
  if (readCookie(headers.get('cookie') ?? '', context.dontRememberCookie)) return 'delegate';
  const [row] = await sessionWithUser(db as unknown as Kysely<AuthTables>, { token });
  if (!row) return null;
  const expiresAt = new Date(row.expiresAt).getTime();
  if (!Number.isFinite(expiresAt) || expiresAt <= now) return 'delegate';
  if (expiresAt - context.expiresIn * 1000 + context.updateAge * 1000 <= now) return 'delegate';
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    emailVerified: Boolean(row.emailVerified),
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
    role: roleOf(row.role),
    secondFactorPassed: passedSecondFactor(row),
  };
}
