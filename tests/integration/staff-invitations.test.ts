import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantStaffRole } from '../../app/features/staff/staff-accounts.server';
import { signedInClient } from '../support/accounts';
import { createClient } from '../support/http-client';
import { postForm, STAFF_PASSWORD, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/** Inviting someone to staff, and every role change, through /admin/staff and the command line. */
describe.each(testEngines)('staff invitations and role changes on %s', (engine) => {
  let t: TestServer;
  let admin: TestStaff;
  const db = () => t.server.services.database.db;

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    admin = await staffClient(t, 'admin');
  });
  afterAll(async () => t.close());

  async function userRow(email: string) {
    const { rows } = await sql<{ id: string; role: string }>`
      select id, role from "user" where email = ${email}`.execute(db());
    return rows[0]!;
  }
  async function sessionCount(userId: string) {
    const { rows } = await sql<{ id: string }>`select id from "session" where "userId" = ${userId}`.execute(
      db(),
    );
    return rows.length;
  }
  async function auditOf(userId: string) {
    const rows = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_email', 'before', 'after'])
      .where('target_id', '=', userId)
      .orderBy('at')
      .execute();
    return rows.map((row) => ({
      action: row.action,
      actor: row.actor_email,
      before: row.before ? (JSON.parse(row.before) as { role: string }).role : null,
      after: row.after ? (JSON.parse(row.after) as { role: string }).role : null,
    }));
  }
  const confirm = (userId: string) =>
    sql`update "user" set "emailVerified" = ${engine === 'postgres' ? sql`true` : sql`1`} where id = ${userId}`.execute(
      db(),
    );
  const invite = (email: string, role = 'staff') =>
    postForm(t, admin.client, '/admin/staff', {
      intent: 'invite',
      email,
      firstName: 'Ina',
      lastName: 'Vite',
      role,
    });

  it('refuses to promote an unconfirmed address: a clear message, and nothing changes', async () => {
    // Registered, never confirmed: anyone could have made this account under that address.
    const { client, email } = await signedInClient(t.url, 'Una');
    const { id } = await userRow(email);
    const mailsBefore = t.smtp.messages.filter((mail) => mail.to.includes(email)).length;

    const refused = await invite(email, 'admin');
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('has not confirmed their email address yet');
    expect((await userRow(email)).role).toBe('customer');
    expect(await sessionCount(id)).toBe(1);
    expect((await client.get('/api/auth/get-session')).body).toMatchObject({ user: { email } });
    expect(await auditOf(id)).toEqual([]);
    await t.settled();
    expect(t.smtp.messages.filter((mail) => mail.to.includes(email))).toHaveLength(mailsBefore);
  });

  it('promotes a confirmed address, ends its sessions and audits it; signed in again, the console asks for two-factor', async () => {
    const { email } = await signedInClient(t.url, 'Cora');
    const { id } = await userRow(email);
    const second = createClient(t.url);
    expect((await second.post('/api/auth/sign-in/email', { email, password: STAFF_PASSWORD })).status).toBe(
      200,
    );
    expect(await sessionCount(id)).toBe(2);
    await confirm(id);

    const invited = await invite(email);
    expect(invited.status).toBe(200);
    expect(invited.text).toContain(`Invitation sent to ${email}.`);
    expect((await userRow(email)).role).toBe('staff');
    expect(await sessionCount(id)).toBe(0);
    expect(await auditOf(id)).toEqual([
      { action: 'staff.role', actor: admin.email, before: 'customer', after: 'staff' },
    ]);
    await t.smtp.waitFor((mail) => mail.to.includes(email) && /set your password/i.test(mail.text));

    const again = createClient(t.url);
    expect((await again.post('/api/auth/sign-in/email', { email, password: STAFF_PASSWORD })).status).toBe(
      200,
    );
    const page = await fetch(new URL('/admin', t.url), {
      redirect: 'manual',
      headers: { cookie: again.cookieHeader() },
    });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toContain('staff=two-factor');
  });

  it('audits every role change in the console: staff to admin, admin to staff, removal', async () => {
    const member = await staffClient(t, 'staff', { firstName: 'Rolf' });
    for (const role of ['admin', 'staff', 'customer']) {
      const changed = await postForm(t, admin.client, '/admin/staff', {
        intent: 'role',
        userId: member.id,
        role,
      });
      expect(changed.status).toBe(200);
    }
    expect(await auditOf(member.id)).toEqual([
      { action: 'staff.role', actor: admin.email, before: 'staff', after: 'admin' },
      { action: 'staff.role', actor: admin.email, before: 'admin', after: 'staff' },
      { action: 'staff.remove', actor: admin.email, before: 'staff', after: 'customer' },
    ]);
  });

  it('audits a promotion from the command line, and refuses an unconfirmed address there too', async () => {
    const { email } = await signedInClient(t.url, 'Cleo');
    const { id } = await userRow(email);
    const person = { email, firstName: 'Cleo', lastName: 'Line', role: 'admin' as const };
    await expect(grantStaffRole(t.server.services.auth, db(), person, null, t.url)).rejects.toThrow(
      'has not confirmed their email address yet',
    );
    expect((await userRow(email)).role).toBe('customer');
    await confirm(id);
    const { created } = await grantStaffRole(t.server.services.auth, db(), person, null, t.url);
    expect(created).toBe(false);
    expect(await auditOf(id)).toEqual([
      { action: 'staff.role', actor: 'npm run admin:create', before: 'customer', after: 'admin' },
    ]);
  });
});
