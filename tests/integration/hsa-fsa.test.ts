import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import type { OrderQuote } from '../../app/commerce/checkout/quote';
import { signedInClient } from '../support/accounts';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { createClient, type TestClient } from '../support/http-client';
import { pdfText } from '../support/pdf-text';
import { extractLinks } from '../support/smtp-receiver';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { addToCart } from '../support/cart';

const sold = PRODUCTS.filter((p) => isPurchasable(p.stock) && p.onHand >= 10 && !p.freightOnly);
const eligible = sold.find((p) => p.hsaFsaEligible && !p.hsaFsaLetter && p.price < 10_000)!;
const notEligible = sold.find((p) => !p.hsaFsaEligible && p.price < 10_000)!;
const withLetter = sold.find((p) => p.hsaFsaLetter && p.price < 20_000)!;

describe.each(testEngines)('HSA and FSA on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  const download = (path: string, client?: TestClient) =>
    fetch(`${t.url}${path}`, {
      headers: client ? { cookie: client.cookieHeader() } : {},
      redirect: 'manual',
    });

  it('the cart quote gives the eligible subtotal: the sum of the eligible lines, those needing a letter included', async () => {
    const guest = createClient(t.url);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({ product: fc.constantFrom(...sold), quantity: fc.integer({ min: 1, max: 3 }) }),
          {
            minLength: 1,
            maxLength: 6,
            selector: (line) => line.product.id,
          },
        ),
        async (lines) => {
          const response = await guest.post('/api/checkout/quote', {
            items: lines.map((l) => ({ productId: l.product.id, quantity: l.quantity })),
          });
          expect(response.status, response.text).toBe(200);
          const quote = response.body as OrderQuote;
          const expected = lines
            .filter((l) => l.product.hsaFsaEligible)
            .reduce((sum, l) => sum + l.product.price * l.quantity, 0);
          expect(quote.hsaFsaSubtotal).toBe(expected);
          expect(quote.hsaFsaSubtotal).toBeLessThanOrEqual(quote.subtotal);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a paid order has an itemised PDF receipt for its account only, and the mailed link opens it without signing in', async () => {
    const buyer = await signedInClient(t.url);
    for (const product of [eligible, notEligible, withLetter]) {
      expect((await addToCart(buyer.client, product.id, 1)).status).toBe(200);
    }
    const { session } = await startCheckout(buyer.client, { items: [] });
    expect((await pay(buyer.client, session.orderId, cardPayment(undefined, buyer.email))).status).toBe(200);

    const path = `/account/orders/${session.reference}/receipt.pdf`;
    const response = await download(path, buyer.client);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="MediSupply-receipt-${session.reference}.pdf"`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain('MediSupply');
    expect(text).toContain('Itemised receipt');
    expect(text).toContain(session.reference);
    expect(text).toContain('Visa ending in 4242');
    // The buyer: the recipient and the address the confirmation went to.
    expect(text).toContain(`Pat Shopper, ${buyer.email}`);
    for (const product of [eligible, notEligible, withLetter])
      expect(text).toContain(product.name.slice(0, 20));
    expect(text).toMatch(/Eligible with a letter of medical necessity/);
    expect(text).toMatch(/Not eligible/);
    const eligibleSum = (eligible.price + withLetter.price) / 100;
    expect(text).toContain(`HSA/FSA eligible subtotal $${eligibleSum.toFixed(2)}`);

    // Anyone else: as if it did not exist. A guest is asked to sign in.
    const other = await signedInClient(t.url);
    expect((await download(path, other.client)).status).toBe(404);
    expect((await download('/account/orders/MS-ZZZZZZZZ/receipt.pdf', buyer.client)).status).toBe(404);
    const anonymous = await download(path);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toMatch(/^\/login\?redirectTo=/);

    // The confirmation mail's link carries a key for this order only.
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(buyer.email) && m.subject.includes(session.reference),
    );
    const link = extractLinks(mail).find((url) => url.includes('/receipt.pdf?key='));
    expect(link).toBeDefined();
    const byKey = await fetch(link!);
    expect(byKey.status).toBe(200);
    expect(byKey.headers.get('content-type')).toBe('application/pdf');
    const key = new URL(link!).searchParams.get('key')!;
    expect((await download(`${path}?key=${key.slice(0, -2)}xx`)).status).toBe(404);
    // The key of one order opens no other.
    const guest = createClient(t.url);
    const guestOrder = await startCheckout(guest, { items: [{ productId: eligible.id, quantity: 1 }] });
    expect(
      (await pay(guest, guestOrder.session.orderId, cardPayment(undefined, 'guest-hsa@example.com'))).status,
    ).toBe(200);
    expect(
      (await download(`/account/orders/${guestOrder.session.reference}/receipt.pdf?key=${key}`)).status,
    ).toBe(404);
  });

  it('a guest gets the receipt as the mail button; an unpaid order has none', async () => {
    const guest = createClient(t.url);
    const email = `guest-receipt-${engine}@example.com`;
    const { session } = await startCheckout(guest, { items: [{ productId: eligible.id, quantity: 2 }] });
    expect((await pay(guest, session.orderId, cardPayment(undefined, email))).status).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes(email));
    const link = extractLinks(mail).find((url) => url.includes('/receipt.pdf?key='))!;
    const text = await pdfText(new Uint8Array(await (await fetch(link)).arrayBuffer()));
    expect(text).toContain(eligible.name.slice(0, 20));
    expect(text).toContain(`HSA/FSA eligible subtotal $${((eligible.price * 2) / 100).toFixed(2)}`);
    expect(text).toContain(email);

    // An order never paid has no receipt, whatever key is tried.
    const unpaid = await startCheckout(guest, { items: [{ productId: eligible.id, quantity: 1 }] });
    expect(unpaid.status).toBe(201);
    const keyOfPaid = new URL(link).searchParams.get('key')!;
    expect(
      (await download(`/account/orders/${unpaid.session.reference}/receipt.pdf?key=${keyOfPaid}`)).status,
    ).toBe(404);
  });
});
