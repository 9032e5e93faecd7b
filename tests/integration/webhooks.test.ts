import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitWebhookEvent } from '../../app/commerce/webhooks/emit.server';
import { signedInClient } from '../support/accounts';
import { addToCart } from '../support/cart';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { waitUntil } from '../support/wait-until';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { PRODUCT_A } from '../hardening/support';

/**
 * Signed webhooks end to end (docs/decisions/0049): an admin registers a loopback receiver; a
 * paid and a shipped order reach it signed per Standard Webhooks (checked with the library),
 * through two 500s and a timeout, each event accepted exactly once by its webhook-id; a resend
 * carries the same id; a rolled-back change sends nothing; bad URLs and non-admins are refused.
 */
describe.each(testEngines)('webhooks on %s', (engine) => {
  let t: TestServer;
  let admin: TestStaff;
  let receiver: WebhookReceiver;
  let endpointId = '';
  const { db } = { db: () => t.server.services.database.db };

  beforeAll(async () => {
    // 1 s before the first retry, and a 1 s timeout: the schedule's shape in seconds, not hours.
    t = await startTestServer(engine, {
      REQUIRE_EMAIL_VERIFICATION: 'false',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      WEBHOOK_TIMEOUT_SECONDS: '1',
    });
    admin = await staffClient(t, 'admin');
    receiver = await startWebhookReceiver((attempt) =>
      attempt <= 2 ? 'error' : attempt === 3 ? 'silence' : 'ok',
    );
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('refuses a bad address with a clear message and saves nothing', async () => {
    for (const [url, message] of [
      ['ftp://example.com/hook', 'must start with https://'],
      ['http://example.com/hook', 'http:// is allowed for a loopback address only'],
      ['not a url', 'Enter the full address'],
    ] as const) {
      const answer = await admin.client.form('/admin/webhooks', {
        intent: 'create',
        url,
        events: ['order.paid'],
      });
      expect(answer.status, url).toBe(400);
      expect(answer.text, url).toContain(message);
    }
    const none = await admin.client.form('/admin/webhooks', { intent: 'create', url: receiver.url });
    expect(none.status).toBe(400);
    expect(none.text).toContain('Pick at least one event.');
    expect(await db().selectFrom('webhook_endpoints').select('id').execute()).toEqual([]);
  });

  it('keeps the pages and forms from anyone but an admin', async () => {
    const staff = await staffClient(t, 'staff');
    expect((await staff.client.get('/admin/webhooks')).status).toBe(403);
    const posted = await postForm(t, staff.client, '/admin/webhooks', {
      intent: 'create',
      url: receiver.url,
      events: 'order.paid',
    });
    expect(posted.status).toBe(403);
    const customer = await staffClient(t, 'customer');
    expect((await customer.client.get('/admin/webhooks')).status).toBe(404);
    expect(await db().selectFrom('webhook_endpoints').select('id').execute()).toEqual([]);
  });

  it('registers an endpoint, showing its secret once, in the audit log', async () => {
    const created = await admin.client.form('/admin/webhooks', {
      intent: 'create',
      url: receiver.url,
      description: 'Warehouse',
      events: ['order.paid', 'order.shipped'],
    });
    expect(created.status).toBe(200);
    const secret = /whsec_[A-Za-z0-9+/=]+/.exec(created.text)?.[0];
    expect(secret).toBeDefined();
    receiver.secret = secret ?? null;
    const row = await db().selectFrom('webhook_endpoints').selectAll().executeTakeFirstOrThrow();
    endpointId = row.id;
    expect(row.secret).not.toContain(secret?.slice(6));
    const page = await admin.client.get('/admin/webhooks');
    expect(page.text).toContain(receiver.url);
    expect(page.text).not.toContain(secret);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'webhook.create')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).not.toContain('whsec_');
  });

  it('delivers a paid and a shipped order through failures, each accepted once by its webhook-id', async () => {
    const { client: shopper } = await signedInClient(t.url, 'Shopper');
    await addToCart(shopper, PRODUCT_A.id, 1);
    const { session } = await startCheckout(shopper, {});
    expect((await pay(shopper, session.orderId, cardPayment())).status).toBe(200);
    const path = `/admin/orders/${session.reference}`;
    const shipped = await postForm(t, admin.client, path, {
      intent: 'ship',
      carrier: 'ups',
      trackingNumber: '1z 999 aa1 0123456784',
    });
    expect(shipped.status).toBe(200);

    await waitUntil(() => receiver.accepted().size === 2, 'both events accepted', 90_000);
    const events = await db().selectFrom('webhook_events').selectAll().orderBy('created_at').execute();
    expect(events.map((e) => e.type)).toEqual(['order.paid', 'order.shipped']);
    for (const event of events) {
      expect(receiver.accepted().get(event.id), event.type).toBe(1);
      // Every try carried the event's one id: two 500s, the silence, then the 200.
      expect(receiver.tries.filter((r) => r.id === event.id).map((r) => r.answered)).toEqual([
        'error',
        'error',
        'silence',
        'ok',
      ]);
    }
    expect(receiver.tries.every((r) => r.verified)).toBe(true);
    expect(new Set(receiver.tries.map((r) => r.id))).toEqual(new Set(events.map((e) => e.id)));
    const paid = JSON.parse(events[0]!.payload) as { data: { reference: string; totalCents: number } };
    expect(paid.data.reference).toBe(session.reference);

    await waitUntil(async () => {
      const states = await db().selectFrom('webhook_deliveries').select('state').execute();
      return states.every((s) => s.state === 'succeeded');
    }, 'deliveries marked delivered');
    const attempts = await db().selectFrom('webhook_attempts').selectAll().orderBy('at').execute();
    expect(attempts.map((a) => a.outcome).sort()).toEqual(
      ['failed', 'failed', 'failed', 'failed', 'succeeded', 'succeeded', 'timeout', 'timeout'].sort(),
    );
    // A short excerpt of the 5,000-character answer, no more.
    expect(Math.max(...attempts.map((a) => a.response_excerpt?.length ?? 0))).toBe(200);

    const page = await admin.client.get(`/admin/webhooks/${endpointId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('HTTP 500');
    expect(page.text).toContain('timeout');
    expect(page.text).toContain(events[0]!.id);
    expect(page.text).not.toContain(receiver.secret);
  });

  it('resends a delivery with the same webhook-id, audited', async () => {
    const delivery = await db()
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
      .select(['d.id', 'v.id as eventId'])
      .where('v.type', '=', 'order.paid')
      .executeTakeFirstOrThrow();
    const before = receiver.accepted().get(delivery.eventId);
    const resent = await admin.client.form(`/admin/webhooks/${endpointId}`, {
      intent: 'resend',
      delivery: delivery.id,
    });
    expect(resent.status).toBe(200);
    await waitUntil(() => receiver.accepted().get(delivery.eventId) === (before ?? 0) + 1, 'the resend');
    expect(receiver.tries.at(-1)).toMatchObject({ id: delivery.eventId, verified: true, answered: 'ok' });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'webhook.resend')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('edits an endpoint, refusing a bad change whole, audited', async () => {
    const path = `/admin/webhooks/${endpointId}`;
    const refused = await admin.client.form(path, {
      intent: 'edit',
      url: 'ftp://example.com/hook',
      description: 'Changed',
      events: ['order.paid'],
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('must start with https://');
    const unchanged = await db()
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpointId)
      .executeTakeFirstOrThrow();
    expect(unchanged.description).toBe('Warehouse');
    const saved = await admin.client.form(path, {
      intent: 'edit',
      url: receiver.url,
      description: 'Warehouse (east)',
      events: ['order.paid', 'order.shipped', 'order.refunded'],
    });
    expect(saved.status).toBe(200);
    const row = await db()
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpointId)
      .executeTakeFirstOrThrow();
    expect(row.description).toBe('Warehouse (east)');
    expect(JSON.parse(row.events)).toEqual(['order.paid', 'order.shipped', 'order.refunded']);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'webhook.edit')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toContain('"Warehouse"');
  });

  it('rotates the signing secret: both sign for a day, then only the new one', async () => {
    const path = `/admin/webhooks/${endpointId}`;
    const oldSecret = receiver.secret;
    const rotated = await admin.client.form(path, { intent: 'rotate' });
    expect(rotated.status).toBe(200);
    const secret = /whsec_[A-Za-z0-9+/=]+/.exec(rotated.text)?.[0] ?? null;
    expect(secret).not.toBeNull();
    expect(secret).not.toBe(oldSecret);
    expect((await admin.client.get(path)).text).not.toContain(secret);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'webhook.rotate')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('whsec_');

    const delivery = await db()
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
      .select(['d.id', 'v.id as eventId'])
      .where('v.type', '=', 'order.shipped')
      .executeTakeFirstOrThrow();
    const resend = async (receiverSecret: string | null) => {
      receiver.secret = receiverSecret;
      const tries = receiver.tries.length;
      expect((await admin.client.form(path, { intent: 'resend', delivery: delivery.id })).status).toBe(200);
      await waitUntil(() => receiver.tries.length > tries, 'the resend');
      return receiver.tries[tries]!;
    };
    // A receiver still on the old secret, and one already on the new, both verify it.
    expect(await resend(oldSecret)).toMatchObject({ id: delivery.eventId, verified: true });
    await waitUntil(async () => {
      const row = await db()
        .selectFrom('webhook_deliveries')
        .select('state')
        .where('id', '=', delivery.id)
        .executeTakeFirstOrThrow();
      return row.state !== 'pending';
    }, 'the first resend settled');
    expect(await resend(secret)).toMatchObject({ id: delivery.eventId, verified: true });
    await waitUntil(async () => {
      const row = await db()
        .selectFrom('webhook_deliveries')
        .select('state')
        .where('id', '=', delivery.id)
        .executeTakeFirstOrThrow();
      return row.state !== 'pending';
    }, 'the second resend settled');
    // The day is up: the old secret no longer signs.
    await db()
      .updateTable('webhook_endpoints')
      .set({ previous_secret_until: Date.now() - 1000 })
      .where('id', '=', endpointId)
      .execute();
    const late = await resend(oldSecret);
    expect(late.verified).toBe(false);
    // Back on the new secret, the retry of that refused try is accepted.
    receiver.secret = secret;
    await waitUntil(
      () => receiver.tries.some((r) => r.id === delivery.eventId && r.verified && r.attempt > late.attempt),
      'the retry',
    );
  });

  it('sends nothing for a change that rolled back', async () => {
    const before = await db().selectFrom('webhook_events').select('id').execute();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          expect(await emitWebhookEvent(trx, 'order.paid', { reference: 'ROLLED-BACK' })).toMatch(/^msg_/);
          throw new Error('the payment failed after all');
        }),
    ).rejects.toThrow('the payment failed after all');
    await t.settled();
    expect(await db().selectFrom('webhook_events').select('id').execute()).toEqual(before);
    expect(receiver.tries.some((r) => r.type === 'order.paid' && !before.some((b) => b.id === r.id))).toBe(
      false,
    );
  });
});
