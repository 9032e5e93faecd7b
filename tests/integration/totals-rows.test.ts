import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { signedInClient } from '../support/accounts';
import { cardPayment, pay, startCheckout, TEST_ADDRESS } from '../support/checkout';
import { pdfText } from '../support/pdf-text';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { addToCart } from '../support/cart';

/**
 * Issue 32: the same order shows identical totals rows on its page, in its confirmation mail
 * and in its receipt PDF: same labels, same amounts, same order. Read from what each one
 * really gives a shopper (the page's HTML, the mail the SMTP receiver got, the PDF's text).
 */

type Row = [label: string, value: string];

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .trim();

/** The order page's totals: the dt/dd pairs of its totals list. */
function pageRows(html: string): Row[] {
  const list = /<dl[^>]*data-totals-rows[^>]*>([\s\S]*?)<\/dl>/.exec(html)?.[1] ?? '';
  const terms = [...list.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>/g)].map((m) => decode(m[1]!));
  const values = [...list.matchAll(/<dd[^>]*>([\s\S]*?)<\/dd>/g)].map((m) => decode(m[1]!));
  return terms.map((term, i) => [term, values[i] ?? '']);
}

/** The mail's totals: its table rows from 'Subtotal' to 'Total' (the item lines come before). */
function mailRows(html: string): Row[] {
  const rows = [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m): Row => {
    const cells = [...m[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => decode(c[1]!));
    return [cells[0] ?? '', cells[1] ?? ''];
  });
  const first = rows.findIndex(([label]) => label.startsWith('Subtotal'));
  const last = rows.findIndex(([label]) => label === 'Total');
  return rows.slice(first, last + 1);
}

const sold = PRODUCTS.filter((p) => isPurchasable(p.stock) && p.onHand >= 10 && !p.freightOnly);
// Under the free-shipping threshold so the shipping row has an amount, and taxable.
const product = sold.find((p) => !p.taxExempt && p.price > 5_000 && p.price < 20_000)!;

describe.each(testEngines)('one order, one set of totals rows on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  it('the order page, the confirmation mail and the receipt PDF show the same rows', async () => {
    const buyer = await signedInClient(t.url);
    expect((await addToCart(buyer.client, product.id, 2)).status).toBe(200);
    const { session, status, text } = await startCheckout(buyer.client, {
      items: [],
      promoCode: 'WELCOME10',
      shipping: 'expedited',
      address: { ...TEST_ADDRESS, city: 'San Francisco', state: 'CA', zip: '94105' },
    });
    expect(status, text).toBe(201);
    expect((await pay(buyer.client, session.orderId, cardPayment(undefined, buyer.email))).status).toBe(200);

    const page = await buyer.client.get(`/account/orders/${session.reference}`);
    expect(page.status).toBe(200);
    const onPage = pageRows(page.text);
    // An order with every row: a discount, a shipping charge and tax.
    expect(onPage.map(([label]) => label)).toEqual([
      'Subtotal',
      'Discount (WELCOME10)',
      'Shipping (Expedited)',
      'Sales tax (7.25%)',
      'Total',
    ]);
    expect(onPage[2]![1]).toBe('$24.99');

    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(buyer.email) && m.subject.includes(session.reference),
    );
    expect(mailRows(mail.html)).toEqual(onPage);
    // The text part says the same, one 'Label: value' a line, in the same order.
    expect(mail.text).toContain(onPage.map(([label, value]) => `${label}: ${value}`).join('\n'));

    const receipt = await fetch(`${t.url}/account/orders/${session.reference}/receipt.pdf`, {
      headers: { cookie: buyer.client.cookieHeader() },
    });
    expect(receipt.status).toBe(200);
    const pdf = await pdfText(new Uint8Array(await receipt.arrayBuffer()));
    expect(pdf).toContain(onPage.map(([label, value]) => `${label} ${value}`).join(' '));
  });
});
