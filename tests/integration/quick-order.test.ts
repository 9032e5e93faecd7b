import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { catalogueStore } from '../../app/commerce/catalogue/catalogue-store.server';
import { signedInClient } from '../support/accounts';
import { pageVisitor, type PageVisitor } from '../support/page-visitor';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/** /quick-order as a browser without scripts posts it: multipart, with or without a file. */
const plenty = PRODUCTS.filter((p) => isPurchasable(p.stock) && p.onHand >= 99 && !p.prescriptionRequired);
const [first, second, third, withdrawn] = plenty as [
  (typeof plenty)[0],
  (typeof plenty)[0],
  (typeof plenty)[0],
  (typeof plenty)[0],
];
const outOfStock = PRODUCTS.find((p) => !isPurchasable(p.stock))!;
const lowStock = PRODUCTS.find((p) => isPurchasable(p.stock) && p.onHand < 20 && !p.prescriptionRequired)!;
const prescription = PRODUCTS.find(
  (p) => isPurchasable(p.stock) && p.prescriptionRequired && p.onHand >= 10,
)!;

/** The page's text as a person reads it (React's text separators and entities undone). */
const readable = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

async function postQuickOrder(
  t: TestServer,
  visitor: PageVisitor,
  lines: string,
  file?: { name: string; text: string },
) {
  const body = new FormData();
  body.set('intent', 'quick-order');
  body.set('lines', lines);
  body.set('file', file ? new File([file.text], file.name, { type: 'text/csv' }) : new File([], ''));
  const headers: Record<string, string> = { origin: t.url, 'x-forwarded-for': visitor.ip };
  if (visitor.client.cookies.size > 0) headers.cookie = visitor.client.cookieHeader();
  const response = await fetch(new URL('/quick-order', t.url), {
    method: 'POST',
    body,
    headers,
    redirect: 'manual',
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    const value = pair.slice(pair.indexOf('=') + 1);
    if (value === '' || /max-age=0\b/i.test(line)) visitor.client.cookies.delete(name);
    else visitor.client.cookies.set(name, value);
  }
  return { status: response.status, text: readable(await response.text()) };
}

type CartAnswer = { items: { product_id: string; quantity: number }[] };
const quantities = (cart: CartAnswer) =>
  Object.fromEntries(cart.items.map((l) => [l.product_id, l.quantity]));

describe.each(testEngines)('quick order on %s', (engine) => {
  let t: TestServer;
  let ip = 60;
  const guest = () => pageVisitor(t.url, `192.0.2.${ip++}`);
  const signedIn = async () => {
    const visitor = guest();
    const { client } = await signedInClient(t.url);
    for (const [name, value] of client.cookies) visitor.client.cookies.set(name, value);
    return visitor;
  };
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  it('adds good lines of every form to a guest cart cookie, same SKUs added up', async () => {
    const visitor = guest();
    const lines = `${first.sku}, 3\n\n${second.sku} 2\n${third.sku}\t4\n${first.sku.toLowerCase()}\n`;
    const page = await postQuickOrder(t, visitor, lines);
    expect(page.status).toBe(200);
    expect(page.text).toContain('10 items added to your cart.');
    expect(page.text).not.toContain('could not be added');
    const cookie = visitor.client.cookies.get('guest_cart')!;
    expect(cookie.split('_').sort()).toEqual([`${first.id}.4`, `${second.id}.2`, `${third.id}.4`].sort());
    // The cart page shows what was added.
    expect((await visitor.get('/cart')).text).toContain(`/product/${second.id}`);
  });

  it('lists every bad line with its number and reason, adds the good ones, keeps the bad ones', async () => {
    const visitor = await signedIn();
    const lines = [
      `${first.sku}, 2`,
      'NO-SUCH-SKU, 1',
      `${second.sku}, three`,
      `${second.sku}, 0`,
      `${second.sku}, 150`,
      `${outOfStock.sku}, 1`,
      `${prescription.sku}, 1`,
      `${third.sku}, 1.5`,
    ].join('\n');
    const page = await postQuickOrder(t, visitor, lines);
    expect(page.status).toBe(200);
    expect(page.text).toContain('3 items added to your cart; 6 lines could not be added:');
    expect(page.text).toContain('Line 2 (NO-SUCH-SKU): No product has this SKU.');
    expect(page.text).toContain(`Line 3 (${second.sku}): The quantity is not a number.`);
    expect(page.text).toContain(`Line 4 (${second.sku}): The quantity must be at least 1.`);
    expect(page.text).toContain(
      `Line 5 (${second.sku}): The quantity is over the limit: at most 99 of one item.`,
    );
    expect(page.text).toContain(`Line 6 (${outOfStock.sku}): ${outOfStock.name} is out of stock.`);
    expect(page.text).toContain(`Line 8 (${third.sku}): The quantity must be a whole number.`);
    expect(page.text).toContain(`Line 7 (${prescription.sku}): ${prescription.name} needs a prescription`);
    // The list keeps the bad lines only, to fix them.
    expect(page.text).toContain(`NO-SUCH-SKU, 1\n${second.sku}, three`);
    expect(page.text).not.toMatch(new RegExp(`>${first.sku}, 2`));
    const cart = (await visitor.client.get('/api/cart')).body as CartAnswer;
    expect(quantities(cart)).toEqual({ [first.id]: 2, [prescription.id]: 1 });
  });

  it('holds quantities at the line limit and the stock, naming the line; a full line is refused', async () => {
    const visitor = await signedIn();
    await postQuickOrder(t, visitor, `${first.sku}, 90`);
    const page = await postQuickOrder(t, visitor, `${first.sku}, 5\n${first.sku}, 9\n${lowStock.sku}, 30`);
    expect(page.text).toContain(`${9 + lowStock.onHand} items added to your cart.`);
    expect(page.text).toContain(
      `Line 1 (${first.sku}): ${first.name}: 9 of 14 added. You can have at most 99`,
    );
    expect(page.text).toContain(
      `Line 3 (${lowStock.sku}): ${lowStock.name}: ${lowStock.onHand} of 30 added. Only ${lowStock.onHand} left in stock.`,
    );
    const full = await postQuickOrder(t, visitor, `${first.sku}`);
    expect(full.status).toBe(400);
    expect(full.text).toContain('Nothing was added to your cart; 1 line could not be added:');
    expect(full.text).toContain(
      `Line 1 (${first.sku}): Your cart already holds ${first.name}: 99, the most of one item.`,
    );
    const cart = (await visitor.client.get('/api/cart')).body as CartAnswer;
    expect(quantities(cart)).toEqual({ [first.id]: 99, [lowStock.id]: lowStock.onHand });
  });

  it('reads a CSV file with or without a header, beside the typed list', async () => {
    const visitor = guest();
    const csv = `sku,quantity\r\n${first.sku},2\r\n"${second.sku}",\r\nNOPE-9,1\r\n${third.sku},x\r\n`;
    const page = await postQuickOrder(t, visitor, `${second.sku}, 1`, { name: 'order.csv', text: csv });
    expect(page.text).toContain('4 items added to your cart; 2 lines could not be added:');
    expect(page.text).toContain('File line 4 (NOPE-9): No product has this SKU.');
    expect(page.text).toContain(`File line 5 (${third.sku}): The quantity is not a number.`);
    expect(visitor.client.cookies.get('guest_cart')!.split('_').sort()).toEqual(
      [`${first.id}.2`, `${second.id}.2`].sort(),
    );
    const bare = await postQuickOrder(t, guest(), '', {
      name: 'b.csv',
      text: `${first.sku},5\n${second.sku},1\n`,
    });
    expect(bare.text).toContain('6 items added to your cart.');
  });

  it('refuses an empty form, too many lines or a bad file, and changes nothing', async () => {
    const visitor = await signedIn();
    const empty = await postQuickOrder(t, visitor, '\n  \n');
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Please write at least one SKU, or choose a CSV file.');
    const many = Array.from({ length: 501 }, () => first.sku).join('\n');
    const tooMany = await postQuickOrder(t, visitor, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain('Up to 500 lines at a time');
    const manyFile = `sku,quantity\n${Array.from({ length: 501 }, () => `${first.sku},1`).join('\n')}`;
    expect((await postQuickOrder(t, visitor, '', { name: 'a.csv', text: manyFile })).text).toContain(
      'Up to 500 lines at a time',
    );
    const binary = await postQuickOrder(t, visitor, '', { name: 'a.csv', text: '\u0000\u0001' });
    expect(binary.text).toContain('The file holds characters we cannot accept');
    const cart = (await visitor.client.get('/api/cart')).body as CartAnswer;
    expect(cart.items).toEqual([]);
  });

  it('holds a guest cart cookie at 40 products and asks to sign in for more', async () => {
    const visitor = guest();
    const many = plenty.slice(0, 41);
    const page = await postQuickOrder(t, visitor, many.map((p) => p.sku).join('\r\n'));
    expect(page.text).toContain('40 items added to your cart; 1 line could not be added:');
    expect(page.text).toContain(
      `Line 41 (${many[40]!.sku}): A guest cart holds up to 40 different products: please sign in to add more.`,
    );
    expect(visitor.client.cookies.get('guest_cart')!.split('_')).toHaveLength(40);
  });

  it('says a product taken off the storefront is no longer sold', async () => {
    const { services } = t.server;
    await services.database.db
      .updateTable('products')
      .set({ published: 0 })
      .where('id', '=', withdrawn.id)
      .execute();
    await catalogueStore(services).changed([withdrawn.id]);
    const page = await postQuickOrder(t, guest(), `${withdrawn.sku}, 1`);
    expect(page.text).toContain(`Line 1 (${withdrawn.sku}): This product is no longer sold.`);
  });

  it('refuses a post from another site', async () => {
    const visitor = guest();
    const refused = await visitor.post(
      '/quick-order',
      { intent: 'quick-order', lines: first.sku },
      { origin: 'https://evil.example' },
    );
    expect(refused.status).toBe(403);
    expect(visitor.client.cookies.has('guest_cart')).toBe(false);
  });
});
