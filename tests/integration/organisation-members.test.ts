import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../app/commerce/order-states';
import { LAST_ADMIN_LEAVING } from '../../app/features/organisations/organisation-members.server';
import { tokenHash } from '../../app/features/organisations/organisation-store.server';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { account, approvedOrganisation, invite, join, organisationOrder } from './organisations-support';

/**
 * An organisation's members (docs/decisions/0055): invitations by mail (one use, seven days, the
 * invited address only, one organisation per account), roles and limits, the last admin kept,
 * removal and leaving ending access at once, who sees which of the organisation's orders, a page at a time.
 */
describe.each(testEngines)('organisation members on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const db = () => t.server.services.database.db;
  const accept = (client: Parameters<typeof postForm>[1], token: string) =>
    postForm(t, client, `/organisation-invitation/${token}`, { intent: 'accept' });

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false', TRUSTED_PROXIES: '127.0.0.1' });
    staff = await staffClient(t, 'staff');
  });
  afterAll(() => t.close());

  it('accepts an invitation once, for the invited address only, and keeps only its hash', async () => {
    const { admin, org } = await approvedOrganisation(t, staff, 'Invites');
    const buyer = await account(t, 'Bea');
    const stranger = await account(t, 'Sam');
    const token = await invite(t, admin, buyer.email.toUpperCase(), 'buyer');
    const row = await db()
      .selectFrom('organisation_invitations')
      .selectAll()
      .where('organisation_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(tokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(7 * 24 * 60 * 60 * 1000);

    const wrong = await accept(stranger.client, token);
    expect(wrong.status).toBe(403);
    expect(wrong.text).toContain(`This invitation is for ${buyer.email.toLowerCase()}`);
    expect((await buyer.client.get(`/organisation-invitation/${token}`)).text).toContain('value="accept"');
    expect((await accept(buyer.client, token)).status).toBe(200);
    const member = await db()
      .selectFrom('organisation_members')
      .selectAll()
      .where('user_id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({ organisation_id: org.id, role: 'buyer' });
    const used = await accept(buyer.client, token);
    expect(used.status).toBe(409);
    expect(used.text).toContain('This invitation was used already');
    expect((await accept(buyer.client, 'x'.repeat(43))).status).toBe(404);
  });

  it('refuses an expired or withdrawn invitation, and an address already in another organisation', async () => {
    const { admin, org } = await approvedOrganisation(t, staff, 'Expiry');
    const late = await account(t, 'Lee');
    const token = await invite(t, admin, late.email, 'approver');
    await db()
      .updateTable('organisation_invitations')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', tokenHash(token))
      .execute();
    const expired = await accept(late.client, token);
    expect(expired.status).toBe(409);
    expect(expired.text).toContain('This invitation has expired');

    const again = await invite(t, admin, late.email, 'approver');
    const open = await db()
      .selectFrom('organisation_invitations')
      .select('id')
      .where('token_hash', '=', tokenHash(again))
      .executeTakeFirstOrThrow();
    expect(
      (await postForm(t, admin.client, '/account/organisation', { intent: 'revoke', invitationId: open.id }))
        .status,
    ).toBe(200);
    expect((await accept(late.client, again)).text).toContain('This invitation was withdrawn');

    const other = await approvedOrganisation(t, staff, 'Other');
    const taken = await postForm(t, admin.client, '/account/organisation', {
      intent: 'invite',
      email: other.admin.email,
      role: 'buyer',
    });
    expect(taken.status).toBe(409);
    expect(taken.text).toContain('already belongs to another organisation');
    const badEmail = await postForm(t, admin.client, '/account/organisation', {
      intent: 'invite',
      email: 'nope',
      role: 'buyer',
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.text).toContain('Enter an email address');
    const count = await db()
      .selectFrom('organisation_invitations')
      .select('id')
      .where('organisation_id', '=', org.id)
      .execute();
    expect(count).toHaveLength(2);
  });

  it('keeps the last admin, changes roles and limits, and only admins manage', async () => {
    const { admin, org } = await approvedOrganisation(t, staff, 'Admins');
    const demote = await postForm(t, admin.client, '/account/organisation', {
      intent: 'member',
      userId: admin.id,
      role: 'buyer',
      orderLimit: '',
      monthlyLimit: '',
    });
    expect(demote.status).toBe(409);
    expect(demote.text).toContain('An organisation needs at least one admin');
    const remove = await postForm(t, admin.client, '/account/organisation', {
      intent: 'remove',
      userId: admin.id,
    });
    expect(remove.status).toBe(409);

    const buyer = await join(t, admin, 'buyer', 'Bob');
    const badLimit = await postForm(t, admin.client, '/account/organisation', {
      intent: 'member',
      userId: buyer.id,
      role: 'buyer',
      orderLimit: 'lots',
      monthlyLimit: '',
    });
    expect(badLimit.status).toBe(400);
    expect(badLimit.text).toContain('Enter the order limit in dollars');
    const set = await postForm(t, admin.client, '/account/organisation', {
      intent: 'member',
      userId: buyer.id,
      role: 'buyer',
      orderLimit: '250',
      monthlyLimit: '1,000.50',
    });
    expect(set.status).toBe(200);
    const row = await db()
      .selectFrom('organisation_members')
      .selectAll()
      .where('user_id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ order_limit: 25000, monthly_limit: 100050 });
    const asBuyer = await postForm(t, buyer.client, '/account/organisation', {
      intent: 'invite',
      email: 'x@example.com',
      role: 'admin',
    });
    expect(asBuyer.status).toBe(403);
    const actions = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', org.id)
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['organisation.invite', 'organisation.join', 'organisation.member.change']),
    );
  });

  it('shows a buyer their own orders only, an approver all with buyer names, and removal ends access at once', async () => {
    const { admin, org } = await approvedOrganisation(t, staff, 'Orders');
    const buyer = await join(t, admin, 'buyer', 'Bianca');
    const colleague = await join(t, admin, 'buyer', 'Carl');
    const approver = await join(t, admin, 'approver', 'Ava');
    const mine = await organisationOrder(t, buyer, org.id, 'Bianca Tester');
    const theirs = await organisationOrder(t, colleague, org.id, 'Carl Tester');
    // Paid, so it has a receipt (as the payment step leaves it).
    await db().updateTable('orders').set({ status: STATUS.paid }).where('id', '=', theirs.id).execute();

    const buyerHome = (await buyer.client.get('/account/organisation')).text;
    expect(buyerHome).toContain(mine.reference);
    expect(buyerHome).not.toContain(theirs.reference);
    expect((await buyer.client.get(`/account/orders/${theirs.reference}`)).status).toBe(404);

    const approverHome = (await approver.client.get('/account/organisation')).text;
    expect(approverHome).toContain(mine.reference);
    expect(approverHome).toContain('Carl Tester');
    expect((await approver.client.get(`/account/orders/${theirs.reference}`)).status).toBe(200);
    expect((await approver.client.get(`/account/orders/${theirs.reference}/receipt.pdf`)).status).toBe(200);
    const outsider = await account(t, 'Olga');
    expect((await outsider.client.get(`/account/orders/${theirs.reference}`)).status).toBe(404);

    expect(
      (await postForm(t, admin.client, '/account/organisation', { intent: 'remove', userId: approver.id }))
        .status,
    ).toBe(200);
    expect((await approver.client.get(`/account/orders/${theirs.reference}`)).status).toBe(404);
    expect((await approver.client.get('/account/organisation')).text).toContain(
      'Apply for an organisation account',
    );
    // Four accounts signed up (password hashing) and three orders: over 30 s was seen at load 12.
  }, 60_000);

  it('lets a member leave after the confirmation, audited, ending access at once; the last admin stays', async () => {
    const { admin, org } = await approvedOrganisation(t, staff, 'Leavers');
    const approver = await join(t, admin, 'approver', 'Lina');
    const order = await organisationOrder(t, admin, org.id, 'Admin Tester');
    const leave = (who: typeof admin, fields: Record<string, string>) =>
      postForm(t, who.client, '/account/organisation', { intent: 'leave', ...fields });
    const members = () =>
      db()
        .selectFrom('organisation_members')
        .select('user_id')
        .where('organisation_id', '=', org.id)
        .execute();
    const leaves = () =>
      db()
        .selectFrom('audit_log')
        .selectAll()
        .where('target_id', '=', org.id)
        .where('action', '=', 'organisation.member.leave')
        .execute();
    const home = (await approver.client.get('/account/organisation')).text;
    expect(home).toContain(order.reference);
    expect(home).toContain('Leave organisation');
    expect((await approver.client.get(`/account/orders/${order.reference}`)).status).toBe(200);

    const unconfirmed = await leave(approver, { organisationId: org.id });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.text).toContain('Confirm that you want to leave the organisation.');
    const elsewhere = await leave(approver, { organisationId: 'another', confirm: 'yes' });
    expect(elsewhere.status).toBe(409);
    const lastAdmin = await leave(admin, { organisationId: org.id, confirm: 'yes' });
    expect(lastAdmin.status).toBe(409);
    expect(lastAdmin.text).toContain(LAST_ADMIN_LEAVING.replace(/'/g, '&#x27;'));
    expect(await members()).toHaveLength(2);
    expect(await leaves()).toHaveLength(0);

    const left = await leave(approver, { organisationId: org.id, confirm: 'yes' });
    expect(left.status).toBe(200);
    expect(left.text).toContain('You have left Leavers');
    expect((await members()).map((m) => m.user_id)).toEqual([admin.id]);
    const [entry] = await leaves();
    expect(entry).toMatchObject({ actor_id: approver.id, target_type: 'organisation' });
    expect(JSON.parse(String(entry?.before))).toEqual({ user: approver.id, role: 'approver' });
    expect((await approver.client.get(`/account/orders/${order.reference}`)).status).toBe(404);
    const after = (await approver.client.get('/account/organisation')).text;
    expect(after).toContain('Apply for an organisation account');
    expect(after).not.toContain(order.reference);
    expect((await leave(approver, { organisationId: org.id, confirm: 'yes' })).status).toBe(409);
    expect(await leaves()).toHaveLength(1);
  }, 60_000);

  it('shows the orders 50 a page: page 2 holds the 51st, and a bad page number says so', async () => {
    const { admin, org } = await approvedOrganisation(t, staff, 'Pages');
    const orders = [];
    for (let i = 0; i < 51; i++) orders.push(await organisationOrder(t, admin, org.id, 'Admin Tester'));
    // The first placed is the oldest: the 51st, newest first.
    for (const [i, o] of orders.entries())
      await db()
        .updateTable('orders')
        .set({ created_at: 1_780_000_000_000 + i * 60_000 })
        .where('id', '=', o.id)
        .execute();
    const oldest = orders[0]?.reference ?? '';
    const newest = orders[50]?.reference ?? '';
    const page = async (query: string) => {
      const res = await admin.client.get(`/account/organisation${query}`);
      expect(res.status).toBe(200);
      return res.text;
    };

    const first = await page('');
    expect(first).toContain(newest);
    expect(first).not.toContain(oldest);
    expect(first).toContain('aria-label="Page 2"');
    const second = await page('?page=2');
    expect(second).toContain(oldest);
    expect(second).not.toContain(newest);
    for (const bad of ['abc', '0', '-1', '1.5', '']) {
      const text = await page(`?page=${bad}`);
      expect(text).toContain('must be a whole number from 1 to 10,000. Here is page 1.');
      expect(text).toContain(newest);
    }
    const past = await page('?page=9');
    expect(past).toContain('There are 2 pages of orders, not 9. Here is page 2.');
    expect(past).toContain(oldest);
  }, 60_000);
});
