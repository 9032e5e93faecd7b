import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/accounts';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { ADMIN_ONLY, consoleRoutes } from '../support/console-routes';
import type { TestClient } from '../support/http-client';
import { pageVisitor } from '../support/page-visitor';
import { guest, postForm, staffClient } from '../support/staff';

import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { PRODUCT_A, rowCounts } from './support';
import { addToCart } from '../support/cart';
import { insertCertificate, insertOrganisation } from '../integration/tax-exemption-support';
import { type ConsoleRowIds, insertConsoleRows } from './console-access-rows';

/** The second-factor challenge (ADR 0038): where a session without one is sent, not a page to open. */
const CHALLENGE = '/admin/verify';

/**
 * Roles on every console route the router has (tests/support/console-routes.ts reads app/routes.ts):
 * a guest is sent to sign in, a customer gets 404, staff without two-factor are led to set it up,
 * staff cannot open or post to an admin-only page, and nothing changes on the way.
 */
describe.each(testEngines)('console access on %s', (engine) => {
  let t: TestServer;
  let reference = '';
  const ids: ConsoleRowIds = {
    userId: '',
    messageId: '',
    campaignId: '',
    endpointId: '',
    returnNumber: 'R-CNSK23',
    quoteReference: 'Q-CNSK23',
    certificateId: '',
    organisationId: '',
    invoiceNumber: 'INV-000001',
  };
  const clients: Record<string, TestClient> = {};

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    const { client: shopper } = await signedInClient(t.url, 'Shopper');
    await addToCart(shopper, PRODUCT_A.id, 1);
    const { session } = await startCheckout(shopper, {});
    expect((await pay(shopper, session.orderId, cardPayment())).status).toBe(200);
    reference = session.reference;
    ids.userId = ((await shopper.get('/api/auth/get-session')).body as { user: { id: string } }).user.id;
    await pageVisitor(t.url, '198.51.100.7').post('/contact', {
      name: 'Pat',
      email: 'pat@example.com',
      message: 'Do you deliver on Saturdays?',
    });
    const { db } = t.server.services.database;
    const message = await db.selectFrom('contact_messages').select('id').executeTakeFirstOrThrow();
    ids.messageId = message.id;
    ids.organisationId = await insertOrganisation(db, ids.userId);
    ids.certificateId = await insertCertificate(db, ids.organisationId, ids.userId);
    await insertConsoleRows(db, ids, session.orderId);
    clients.customer = (await staffClient(t, 'customer')).client;
    clients.noTwoFactor = (await staffClient(t, 'staff', { twoFactor: false })).client;
    clients.staff = (await staffClient(t, 'staff')).client;
    clients.oneFactor = (await staffClient(t, 'staff', { secondFactor: false })).client;
    clients.admin = (await staffClient(t, 'admin')).client;
  });
  afterAll(async () => t.close());

  const paths = () =>
    consoleRoutes().map((route) =>
      route.pattern
        .replace(':reference', reference)
        .replace(':productId', PRODUCT_A.id)
        .replace(':userId', ids.userId)
        .replace(':messageId', ids.messageId)
        .replace(':campaignId', ids.campaignId)
        .replace(':endpointId', ids.endpointId)
        .replace(':number', ids.returnNumber)
        .replace(':quoteReference', ids.quoteReference)
        .replace(':promotionId', 'seed-welcome10')
        .replace(':certificateId', ids.certificateId)
        .replace(':organisationId', ids.organisationId)
        .replace(':invoiceNumber', ids.invoiceNumber),
    );

  it('finds the console routes in the router', () => {
    const patterns = consoleRoutes().map((r) => r.pattern);
    expect(patterns).toEqual(
      expect.arrayContaining([
        '/admin',
        '/admin/orders',
        '/admin/orders/:reference',
        '/admin/staff',
        '/admin/audit',
        '/admin/orders.csv',
        '/admin/customers/:userId',
        '/admin/messages/:messageId',
        '/admin/campaigns/:campaignId',
        '/admin/newsletter.csv',
        '/admin/reports.csv',
        '/admin/products.csv',
        '/admin/product-import',
        '/admin/jobs',
        '/admin/webhooks',
        '/admin/webhooks/:endpointId',
        '/admin/returns',
        '/admin/returns/:number',
        '/admin/quotes',
        '/admin/quotes/:quoteReference',
        '/admin/shipping-tax',
      ]),
    );
  });

  it('sends a guest to sign in, on every page and every post', async () => {
    for (const path of paths()) {
      const page = await guest(t).get(path);
      expect(page.status, path).toBe(302);
      expect(page.headers.get('location'), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      const posted = await postForm(t, null, path, { intent: 'pack' });
      expect(posted.status, path).toBe(302);
      expect(posted.location, path).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it('answers 404 to a customer, on every page and every post', async () => {
    const before = await rowCounts(t.server.services.database);
    for (const path of paths()) {
      const page = await clients.customer!.get(path);
      expect(page.status, path).toBe(404);
      expect(page.text, path).not.toContain(reference);
      const posted = await postForm(t, clients.customer!, path, {
        intent: 'refund',
        scope: 'all',
        key: 'k'.repeat(20),
      });
      expect(posted.status, path).toBe(404);
    }
    expect(await rowCounts(t.server.services.database)).toEqual(before);
  });

  it('leads staff without two-factor to set it up', async () => {
    for (const path of paths()) {
      const page = await clients.noTwoFactor!.get(path);
      expect(page.status, path).toBe(302);
      expect(page.headers.get('location'), path).toBe('/account?staff=two-factor#two-factor');
    }
    const account = await clients.noTwoFactor!.get('/account');
    expect(account.text).toContain('the store console opens once two-factor authentication is on');
  });

  it('answers a staff session without the second factor with the challenge, on every page and every post', async () => {
    const before = await rowCounts(t.server.services.database);
    for (const path of paths()) {
      if (path === CHALLENGE) continue;
      const page = await clients.oneFactor!.get(path);
      expect(page.status, path).toBe(302);
      expect(page.headers.get('location'), path).toBe(`${CHALLENGE}?redirectTo=${encodeURIComponent(path)}`);
      const posted = await postForm(t, clients.oneFactor!, path, {
        intent: 'refund',
        scope: 'all',
        key: 'k'.repeat(20),
      });
      expect(posted.status, path).toBe(302);
      expect(posted.location, path).toMatch(/^\/admin\/verify\?redirectTo=%2Fadmin/);
    }
    const challenge = await clients.oneFactor!.get(`${CHALLENGE}?redirectTo=%2Fadmin%2Forders`);
    expect(challenge.status).toBe(200);
    expect(challenge.text).toContain('Authentication code');
    expect(await rowCounts(t.server.services.database)).toEqual(before);
  });

  it('opens every page to staff except the admin-only ones, which answer 403 and refuse their forms', async () => {
    const before = await rowCounts(t.server.services.database);
    for (const path of paths()) {
      // A session that passed the second factor is sent on from the challenge.
      if (path === CHALLENGE) {
        expect((await clients.staff!.get(path)).headers.get('location'), path).toBe('/admin');
        continue;
      }
      const adminOnly = ADMIN_ONLY.some((p) => path === p || path.startsWith(`${p}/`));
      const page = await clients.staff!.get(path);
      expect(page.status, path).toBe(adminOnly ? 403 : 200);
      if (!adminOnly) {
        expect(page.headers.get('cache-control'), path).toBe('no-store');
        expect(page.headers.get('x-robots-tag'), path).toContain('noindex');
      }
      if (!adminOnly) {
        // A page without forms says so (405); one with forms refuses an intent it does not know.
        const posted = await postForm(t, clients.staff!, path, { intent: 'no-such-intent' });
        expect([400, 405], path).toContain(posted.status);
      }
      if (adminOnly) {
        const posted = await postForm(t, clients.staff!, path, {
          intent: 'invite',
          email: 'x@example.com',
          firstName: 'X',
          lastName: 'Y',
          role: 'admin',
        });
        expect(posted.status, path).toBe(403);
      }
    }
    // Reads audited by design, and nothing else written: a tax certificate's file (docs/decisions/
    // 0057), and health data (the order page showing a prescription, its file; ADR 0062).
    const after = await rowCounts(t.server.services.database);
    const added = (after.audit_log ?? 0) - (before.audit_log ?? 0);
    expect(after).toEqual({ ...before, audit_log: after.audit_log });
    const reads = await t.server.services.database.db
      .selectFrom('audit_log')
      .select('action')
      .orderBy('at', 'desc')
      .limit(added)
      .execute();
    expect(reads.map((r) => r.action).sort()).toEqual([
      ...reads.filter((r) => r.action === 'health_data.read').map(() => 'health_data.read'),
      'tax_certificate.file_read',
    ]);
    expect(reads.filter((r) => r.action === 'health_data.read').length).toBeGreaterThanOrEqual(1);
  });

  it('opens every page to an admin', async () => {
    for (const path of paths()) {
      if (path === CHALLENGE) continue;
      const page = await clients.admin!.get(path);
      expect(page.status, path).toBe(200);
    }
  });

  it('refuses a console form from another site (403) and changes nothing', async () => {
    const before = await rowCounts(t.server.services.database);
    for (const path of paths()) {
      const posted = await postForm(t, clients.admin!, path, { intent: 'pack' }, 'https://evil.example');
      expect(posted.status, path).toBe(403);
    }
    expect(await rowCounts(t.server.services.database)).toEqual(before);
  });

  it('never lets an account give itself a role', async () => {
    const customer = clients.customer!;
    const update = await customer.post('/api/auth/update-user', { role: 'admin' });
    expect(update.status).toBeGreaterThanOrEqual(400);
    expect((await customer.get('/admin')).status).toBe(404);
    const email = `role-${Date.now()}@example.com`;
    await guest(t).post('/api/auth/sign-up/email', {
      email,
      password: 'password-123',
      name: 'Role Grab',
      firstName: 'Role',
      lastName: 'Grab',
      role: 'admin',
    });
    // Accepted or refused, the field is never taken from the request.
    const row = await sql<{ role: string }>`select role from "user" where email = ${email}`.execute(
      t.server.services.database.db,
    );
    expect(row.rows.map((r) => r.role)).not.toContain('admin');
    const me = await sql<{ role: string }>`select role from "user" where role = 'admin'`.execute(
      t.server.services.database.db,
    );
    expect(me.rows).toHaveLength(1);
  });
});
