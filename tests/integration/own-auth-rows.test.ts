import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownAuthRows } from '../../server/auth/auth';
import { signedInClient } from '../support/accounts';
import { createClient } from '../support/http-client';
import { testEngines, timeLike } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The account page reads its own rows directly (server/auth/own-rows.ts) instead of through
 * Better Auth's list endpoints: the two must agree, on both engines.
 */
describe.each(testEngines)('the account page’s own rows on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t?.close());

  it('list what Better Auth lists: live sessions (this one marked), ways in, passkeys', async () => {
    const { client, email } = await signedInClient(t.url, 'Rows');
    // A second device, and a third whose session has run out.
    const other = createClient(t.url, { headers: { 'user-agent': 'Other device' } });
    expect((await other.post('/api/auth/sign-in/email', { email, password: 'password-123' })).status).toBe(
      200,
    );
    const old = createClient(t.url);
    expect((await old.post('/api/auth/sign-in/email', { email, password: 'password-123' })).status).toBe(200);
    const { auth, database } = t.server.services;
    const oldToken = decodeURIComponent(old.cookies.get('better-auth.session_token') ?? '').split('.')[0]!;
    const db = database.db as never as Kysely<Record<string, Record<string, unknown>>>;
    const stored = await db
      .selectFrom('session')
      .select('expiresAt')
      .where('token', '=', oldToken)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('session')
      .set({ expiresAt: timeLike(stored.expiresAt, Date.now() - 60_000) })
      .where('token', '=', oldToken)
      .execute();

    const headers = new Headers({ cookie: client.cookieHeader() });
    const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
    const rows = await ownAuthRows(auth, session!.user.id, headers);
    const listed = await auth.api.listSessions({ headers });
    expect(rows.sessions.map((s) => s.id).sort()).toEqual(listed.map((s) => s.id).sort());
    expect(rows.sessions).toHaveLength(2);
    expect(rows.sessions.some((s) => s.token === oldToken)).toBe(false);
    expect(rows.currentToken).toBe(session!.session.token);
    const current = rows.sessions.find((s) => s.token === rows.currentToken)!;
    expect(current.createdAt).toBe(new Date(session!.session.createdAt).getTime());
    expect(rows.sessions.find((s) => s.token !== rows.currentToken)?.userAgent).toBe('Other device');

    const accounts = await auth.api.listUserAccounts({ headers });
    expect(rows.accounts).toEqual(accounts.map((a) => ({ id: a.id, providerId: a.providerId })));
    expect(rows.passkeys).toEqual([]);
    expect(rows.phone).toEqual({ number: null, verified: false });
  });

  it('read no session from a cookie that is not signed by the store', async () => {
    const { client } = await signedInClient(t.url, 'Forged');
    const { auth } = t.server.services;
    const headers = new Headers({ cookie: client.cookieHeader() });
    const session = await auth.api.getSession({ headers });
    const forged = new Headers({ cookie: `better-auth.session_token=${session!.session.token}.forged` });
    const rows = await ownAuthRows(auth, session!.user.id, forged);
    expect(rows.currentToken).toBeNull();
  });
});
