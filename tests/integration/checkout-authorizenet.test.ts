import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { type AuthorizeNetStub, startAuthorizeNetStub } from '../support/authorizenet-stub';
import { CARDS, cardPayment, pay, startCheckout } from '../support/checkout';
import { createClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const product = PRODUCTS.find((p) => isPurchasable(p.stock) && p.price < 20_000)!;

describe.each(testEngines)('checkout through the Authorize.Net gateway on %s', (engine) => {
  let stub: AuthorizeNetStub;
  let t: TestServer;
  beforeAll(async () => {
    stub = await startAuthorizeNetStub();
    t = await startTestServer(engine, {
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

  it('charges the stored amount exactly once under 20 concurrent submissions', async () => {
    const guest = createClient(t.url);
    const { session } = await startCheckout(guest, { items: [{ productId: product.id, quantity: 2 }] });
    expect(session.mock).toBe(false);
    stub.requests.length = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pay(guest, session.orderId, cardPayment())),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0]).toMatchObject({
      amount: (session.amount / 100).toFixed(2),
      invoiceNumber: session.reference,
    });
    const order = await t.server.services.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', session.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'paid', transaction_id: expect.stringMatching(/^\d+$/) as string });
  });

  it("shows the processor's decline and lets a later approval pay the order", async () => {
    const guest = createClient(t.url);
    const { session } = await startCheckout(guest, { items: [{ productId: product.id, quantity: 1 }] });
    const declined = await pay(guest, session.orderId, cardPayment(CARDS.declined));
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({
      error: { code: 'payment_declined', message: 'This transaction has been declined.' },
    });
    expect((await pay(guest, session.orderId, cardPayment(CARDS.visa2))).status).toBe(200);
  });
});
