import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '../../app/commerce/cart-limits';
import { signedInClient } from '../support/accounts';
import { type AuthorizeNetStub, startAuthorizeNetStub } from '../support/authorizenet-stub';
import { CARDS, cardPayment, startCheckout } from '../support/checkout';
import type { TestClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { PRODUCT_A, PRODUCT_B } from './support';
import { addToCart } from '../support/cart';

/** Payments go to a local Authorize.Net stand-in, which counts every charge it receives. */
describe.each(testEngines)('concurrency on %s', (engine) => {
  let stub: AuthorizeNetStub;
  let t: TestServer;
  beforeAll(async () => {
    stub = await startAuthorizeNetStub(150);
    t = await startTestServer(engine, {
      REQUIRE_EMAIL_VERIFICATION: 'false',
      // Every payment request comes from 127.0.0.1; the per-address limit is not under test here.
      TRUSTED_PROXIES: '127.0.0.1',
      PAYMENT_PROVIDER: 'authorizenet',
      AUTHORIZENET_API_LOGIN_ID: 'test-login',
      AUTHORIZENET_TRANSACTION_KEY: 'test-key-123456',
      AUTHORIZENET_ENDPOINT: stub.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  // Each test pays from its own address behind the trusted proxy: the per-address payment
  // limit (40 in 10 minutes) is tested elsewhere and would otherwise cut these runs short.
  let testIp = '';
  let tests = 0;
  const pay = (client: TestClient, orderId: string, body: unknown, key: string = randomUUID()) =>
    client.request(`/api/checkout/${orderId}/pay`, {
      method: 'POST',
      body,
      headers: { 'idempotency-key': key, 'x-forwarded-for': testIp },
    });
  beforeEach(() => {
    testIp = `192.0.2.${++tests}`;
  });

  const chargesFor = (reference: string) => stub.requests.filter((r) => r.invoiceNumber === reference);

  it('100 concurrent adds of one product: one row holding the summed, capped quantity', async () => {
    const { client } = await signedInClient(t.url);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => addToCart(client, PRODUCT_A.id, i % 2 === 0 ? 1 : 2)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    const rows = await t.server.services.database.db
      .selectFrom('cart_items')
      .selectAll()
      .where('product_id', '=', PRODUCT_A.id)
      .where(
        'user_id',
        '=',
        ((await client.get('/api/auth/get-session')).body as { user: { id: string } }).user.id,
      )
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.quantity).toBe(Math.min(150, MAX_LINE_QUANTITY));

    // Below the cap the sum is exact.
    await Promise.all(Array.from({ length: 40 }, () => addToCart(client, PRODUCT_B.id)));
    const lines = (await client.get('/api/cart')).body as {
      items: { product_id: string; quantity: number }[];
    };
    expect(lines.items.find((l) => l.product_id === PRODUCT_B.id)?.quantity).toBe(40);
  });

  it('20 concurrent payments of one order (each its own key): one charge, every answer the same order', async () => {
    const { client } = await signedInClient(t.url);
    await addToCart(client, PRODUCT_A.id, 1);
    const { session } = await startCheckout(client, {});
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pay(client, session.orderId, cardPayment())),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const r of results) expect(r.body).toMatchObject({ success: true, reference: session.reference });
    expect(chargesFor(session.reference)).toHaveLength(1);
    const attempts = await t.server.services.database.db
      .selectFrom('payment_attempts')
      .select('status')
      .where('order_id', '=', session.orderId)
      .execute();
    expect(attempts).toHaveLength(20);
    expect(attempts.every((a) => a.status === 'approved')).toBe(true);
  });

  it('a retried key returns the first result; the same key with another body is refused (409)', async () => {
    const { client } = await signedInClient(t.url);
    await addToCart(client, PRODUCT_B.id, 1);
    const { session } = await startCheckout(client, {});
    const key = randomUUID();

    // A decline is replayed too, without asking the processor again.
    const declineKey = randomUUID();
    const declined = await pay(client, session.orderId, cardPayment(CARDS.declined), declineKey);
    expect(declined.status).toBe(402);
    const declinedAgain = await pay(client, session.orderId, cardPayment(CARDS.declined), declineKey);
    expect(declinedAgain.status).toBe(402);
    expect(declinedAgain.body).toEqual(declined.body);
    expect(chargesFor(session.reference)).toHaveLength(1);

    const concurrent = await Promise.all(
      Array.from({ length: 20 }, () => pay(client, session.orderId, cardPayment(CARDS.visa), key)),
    );
    expect(concurrent.map((r) => r.status)).toEqual(Array(20).fill(200));
    const first = concurrent[0]!.body;
    for (const r of concurrent) expect(r.body).toEqual(first);
    const retried = await pay(client, session.orderId, cardPayment(CARDS.visa), key);
    expect(retried.body).toEqual(first);

    const changed = await pay(
      client,
      session.orderId,
      { ...cardPayment(CARDS.visa2), cardholderName: 'Someone Else' },
      key,
    );
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ error: { code: 'idempotency_mismatch' } });
    expect(chargesFor(session.reference)).toHaveLength(2);
  });
});
