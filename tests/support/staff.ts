import { sql } from 'kysely';
import { signedInClient } from './accounts';
import { createClient, type TestClient } from './http-client';
import type { TestServer } from './test-server';

export const STAFF_PASSWORD = 'password-123';

export interface TestStaff {
  client: TestClient;
  email: string;
  id: string;
}

/**
 * A signed-in account with a role (tests own their data: the role is set in the database, as
 * `npm run admin:create` or an admin would), and two-factor on for staff unless told otherwise.
 */
export async function staffClient(
  t: TestServer,
  role: 'customer' | 'staff' | 'admin',
  options: { twoFactor?: boolean; firstName?: string; secondFactor?: boolean } = {},
): Promise<TestStaff> {
  const { client, email } = await signedInClient(
    t.url,
    options.firstName ?? role[0]!.toUpperCase() + role.slice(1),
  );
  const session = await client.get('/api/auth/get-session');
  const id = (session.body as { user: { id: string } }).user.id;
  const { db, engine } = t.server.services.database;
  // Two-factor as its flag in the database: the setup's own path (and its 5-a-minute limit on
  // codes) is tested in auth-flow and end to end; here it is only the console's precondition.
  const on =
    (options.twoFactor ?? role !== 'customer') ? (engine === 'postgres' ? sql`true` : sql`1`) : sql`null`;
  await sql`update "user" set role = ${role}, "twoFactorEnabled" = ${on} where id = ${id}`.execute(db);
  // Its session counts as having passed the second factor, as a sign-in with the code would
  // have: the console's challenge for sessions without one is staff-second-factor.test's.
  if (options.secondFactor ?? true) {
    await sql`update "session" set "secondFactor" = 'totp', "secondFactorAt" = ${Date.now()} where "userId" = ${id}`.execute(
      db,
    );
  }
  return { client, email, id };
}

/** A form posted as a browser without JavaScript posts it (urlencoded, its Origin, no redirects). */
export async function postForm(
  t: TestServer,
  client: TestClient | null,
  path: string,
  fields: Record<string, string>,
  origin: string | null = t.url,
) {
  const response = await fetch(new URL(path, t.url), {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams(fields),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(client ? { cookie: client.cookieHeader() } : {}),
      ...(origin ? { origin } : {}),
    },
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

/** A guest: no cookies at all. */
export const guest = (t: TestServer) => createClient(t.url);
