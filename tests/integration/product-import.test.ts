import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { takeStock } from '../../app/commerce/catalogue/stock.server';
import {
  IMPORT_STOCK_REASON,
  ImportChangedError,
  writeImport,
} from '../../app/features/catalog/import/product-import.server';
import { PRODUCT_A, PRODUCT_B, rowCounts } from '../hardening/support';
import { createClient } from '../support/http-client';
import { staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const IMPORT = '/admin/product-import';
const PRODUCT_C = SEED_PRODUCTS.find((p) => p.id !== PRODUCT_A.id && p.id !== PRODUCT_B.id)!;

/** Products in bulk (docs/decisions/0050): export, dry run, write; both engines. */
describe.each(testEngines)('products CSV export and import on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const db = () => t.server.services.database.db;

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
  });
  afterAll(async () => t.close());

  /** The import form posted as a browser posts it: multipart, with the page's Origin. */
  async function post(fields: Record<string, string>, file?: { name: string; text: string }, who = staff) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set('file', new Blob([file.text], { type: 'text/csv' }), file.name);
    const response = await fetch(new URL(IMPORT, t.url), {
      method: 'POST',
      redirect: 'manual',
      body: form,
      headers: { cookie: who.client.cookieHeader(), origin: t.url },
    });
    return { status: response.status, text: await response.text() };
  }
  const upload = (text: string, name = 'products.csv') => post({ intent: 'upload' }, { name, text });
  /** "Write these changes" as the dry run's page rendered it. */
  function writeFields(html: string) {
    const importId = /name="importId" value="([^"]+)"/.exec(html)?.[1];
    const digest = /name="digest" value="([^"]+)"/.exec(html)?.[1];
    expect(importId, 'the dry run offers the write').toBeDefined();
    return { intent: 'write', importId: importId!, digest: digest! };
  }
  const stock = async (id: string) =>
    Number(
      (
        await db()
          .selectFrom('inventory')
          .select('on_hand')
          .where('product_id', '=', id)
          .executeTakeFirstOrThrow()
      ).on_hand,
    );
  const exported = async () => {
    const res = await staff.client.get('/admin/products.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    return res.text;
  };

  it('exports the catalogue and reads its own export back as no change at all', async () => {
    const csv = await exported();
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(
      /^\ufeff?sku,name,brand,category,subcategory,price,original_price,stock,published/,
    );
    const products = await db().selectFrom('products').select('id').execute();
    expect(lines.length).toBeGreaterThan(products.length); // description cells may span lines
    const before = await rowCounts(t.server.services.database);
    const dry = await upload(csv);
    expect(dry.status).toBe(200);
    expect(dry.text).toContain('0 to create');
    expect(dry.text).toContain('0 to update');
    expect(dry.text).toContain(`${products.length} unchanged`);
    expect(dry.text).toContain('0 refused');
    // The dry run wrote nothing but the kept upload.
    expect(await rowCounts(t.server.services.database)).toEqual(before);
  });

  it('creates and updates by SKU in one write, with stock history, one audit entry and the storefront updated', async () => {
    const onHand = await stock(PRODUCT_A.id);
    const csv = ['SKU,Price,Stock,New', `${PRODUCT_A.sku.toLowerCase()},1234.5,${onHand + 7},yes`, ''].join(
      '\n',
    );
    const created = [
      'sku,name,brand,category,subcategory,price,stock,published,description',
      `IMP-NEW-1,Imported Walker,Acme Mobility,${PRODUCT_B.category},${PRODUCT_B.subcategory},19.99,5,yes,"A walker created by the import, ""quoted"" and long enough."`,
    ].join('\r\n');
    const dryUpdate = await upload(csv);
    expect(dryUpdate.status).toBe(200);
    expect(dryUpdate.text).toContain(`stock: ${onHand} → ${onHand + 7}`);
    expect(dryUpdate.text).toContain('price:');
    expect(dryUpdate.text).toContain('→ 1234.50');
    const wroteUpdate = await post(writeFields(dryUpdate.text));
    expect(wroteUpdate.status).toBe(200);
    expect(wroteUpdate.text).toContain('Import written: 0 created, 1 updated, 0 unchanged.');
    expect(await stock(PRODUCT_A.id)).toBe(onHand + 7);
    const page = await createClient(t.url).get(`/product/${PRODUCT_A.id}`);
    expect(page.text).toContain('$1,234.50');
    const history = await db()
      .selectFrom('stock_movements')
      .selectAll()
      .where('product_id', '=', PRODUCT_A.id)
      .where('reason', '=', IMPORT_STOCK_REASON)
      .execute();
    expect(history).toMatchObject([{ delta: 7, on_hand: onHand + 7, actor_id: staff.id }]);

    const dryCreate = await upload(created, 'new.csv');
    expect(dryCreate.text).toContain('1 to create');
    expect(await post(writeFields(dryCreate.text))).toMatchObject({ status: 200 });
    const row = await db()
      .selectFrom('products')
      .selectAll()
      .where('sku', '=', 'IMP-NEW-1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Imported Walker', price: 1999, brand_id: 'acme-mobility' });
    expect(row.description).toContain('"quoted"');
    expect(await stock(row.id)).toBe(5);
    expect((await createClient(t.url).get(`/product/${row.id}`)).status).toBe(200);
    const audits = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'product.import')
      .execute();
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.actor_id === staff.id)).toBe(true);
    // Counts and the file's name, never its rows.
    expect(audits.map((a) => JSON.parse(a.after!))).toEqual(
      expect.arrayContaining([
        { file: 'products.csv', create: 0, update: 1, unchanged: 0, refused: 0 },
        { file: 'new.csv', create: 1, update: 0, unchanged: 0, refused: 0 },
      ]),
    );
    // Written once: the kept upload is gone, so the same form cannot write twice.
    const again = await post(writeFields(dryCreate.text));
    expect(again.status).toBe(400);
    expect(again.text).toContain('no longer waiting');
  });

  it('refuses a file with 5 bad rows whole, naming each line and why, and writes nothing', async () => {
    const before = await rowCounts(t.server.services.database);
    const products = await db().selectFrom('products').selectAll().orderBy('id').execute();
    const csv = [
      'sku,price,stock,published,category,subcategory',
      `${PRODUCT_A.sku},10.00,3,yes,${PRODUCT_A.category},${PRODUCT_A.subcategory}`, // 2: fine
      `${PRODUCT_B.sku},12.505,3,yes,${PRODUCT_B.category},${PRODUCT_B.subcategory}`, // 3: third decimal
      `${PRODUCT_A.sku},11.00,3,yes,${PRODUCT_A.category},${PRODUCT_A.subcategory}`, // 4: repeated SKU
      `NEW-SKU-9,11.00,3,yes,${PRODUCT_A.category},${PRODUCT_A.subcategory}`, // 5: new without name
      `${PRODUCT_B.sku}-X,9,-1,maybe,${PRODUCT_B.category},${PRODUCT_B.subcategory}`, // 6: stock, flag
      `${PRODUCT_C.sku},9.00,3,yes,nowhere,none`, // 7: no such category
    ].join('\n');
    const dry = await upload(csv);
    expect(dry.status).toBe(400);
    expect(dry.text).toContain('5 rows are refused');
    expect(dry.text).not.toContain('name="importId"');
    const refusedTable = dry.text.slice(dry.text.indexOf('id="refused-rows"')).split('</table>')[0]!;
    const refusedLines = [...refusedTable.matchAll(/<th scope="row" class="p-2">(\d+)<\/th>/g)].map((m) =>
      Number(m[1]),
    );
    expect(refusedLines).toEqual([3, 4, 5, 6, 7]);
    expect(dry.text).toContain('Enter the price in dollars');
    expect(dry.text).toContain(`The SKU ${PRODUCT_A.sku} is already on line 2.`);
    expect(dry.text).toContain('A new product needs name, description, brand');
    expect(dry.text).toContain('Enter the stock as a whole number of units');
    expect(dry.text).toContain('does not exist');
    expect(await rowCounts(t.server.services.database)).toEqual(before);
    expect(await db().selectFrom('products').selectAll().orderBy('id').execute()).toEqual(products);
  });

  it('refuses a file whose header it does not know, and a file that is not CSV', async () => {
    const unknown = await upload('sku,price,colour\nX-1,1.00,red\n');
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('Unknown column &quot;colour&quot;');
    const broken = await upload('sku,price\n"X-1,1.00\n');
    expect(broken.status).toBe(400);
    expect(broken.text).toContain('The file is not valid CSV');
    const none = await post({ intent: 'upload' });
    expect(none.text).toContain('Choose a CSV file to import.');
  });

  it('writes nothing when a sale changed the stock between the dry run and the write', async () => {
    const onHand = await stock(PRODUCT_B.id);
    const dry = await upload(`sku,stock\n${PRODUCT_B.sku},${onHand + 50}\n`);
    expect(dry.text).toContain(`stock: ${onHand} → ${onHand + 50}`);
    // A sale commits meanwhile, through the checkout's own stock path.
    await db()
      .transaction()
      .execute((trx) => takeStock(trx, [{ productId: PRODUCT_B.id, name: PRODUCT_B.name, quantity: 2 }]));
    const before = await rowCounts(t.server.services.database);
    const write = await post(writeFields(dry.text));
    expect(write.status).toBe(409);
    expect(write.text).toContain('The catalogue changed since the dry run, so nothing was written.');
    // The sale's decrement stands, and the new dry run shows the count as it is now.
    expect(await stock(PRODUCT_B.id)).toBe(onHand - 2);
    expect(write.text).toContain(`stock: ${onHand - 2} → ${onHand + 50}`);
    expect(await rowCounts(t.server.services.database)).toEqual(before);
    // Written from that new dry run, it sets the absolute count the file says.
    expect((await post(writeFields(write.text))).status).toBe(200);
    expect(await stock(PRODUCT_B.id)).toBe(onHand + 50);
  });

  // A second connection only PostgreSQL has: SQLite's one writer runs the two one after another.
  it.runIf(engine === 'postgres')(
    'rolls the whole write back when a sale commits while it runs, and the sale stands',
    async () => {
      const onHand = await stock(PRODUCT_A.id);
      const before = await rowCounts(t.server.services.database);
      const sell = () =>
        db()
          .transaction()
          .execute((trx) => takeStock(trx, [{ productId: PRODUCT_A.id, name: PRODUCT_A.name, quantity: 1 }]));
      const write = writeImport(db(), staff, `sku,stock\n${PRODUCT_A.sku},${onHand + 10}\n`, {
        fileName: 'race.csv',
        // After the write's plan read the count, before its stock UPDATE: the sale commits.
        onProgress: async ({ phase }) => {
          if (phase === 'write') await sell();
        },
      });
      await expect(write).rejects.toBeInstanceOf(ImportChangedError);
      expect(await stock(PRODUCT_A.id)).toBe(onHand - 1);
      const after = await rowCounts(t.server.services.database);
      expect(after.audit_log).toBe(before.audit_log);
      expect(after.stock_movements).toBe(before.stock_movements);
    },
  );

  it('lets only staff export or import: a guest signs in first, a customer finds nothing', async () => {
    const guest = createClient(t.url);
    const guestCsv = await fetch(new URL('/admin/products.csv', t.url), { redirect: 'manual' });
    expect(guestCsv.status).toBe(302);
    expect(guestCsv.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
    const guestPost = await post(
      { intent: 'upload' },
      { name: 'a.csv', text: 'sku\n' },
      {
        client: guest,
        email: '',
        id: '',
      },
    );
    expect(guestPost.status).toBe(302);
    const customer = await staffClient(t, 'customer');
    expect((await customer.client.get('/admin/products.csv')).status).toBe(404);
    expect((await customer.client.get(IMPORT)).status).toBe(404);
    const before = await rowCounts(t.server.services.database);
    const refused = await post(
      { intent: 'upload' },
      { name: 'a.csv', text: `sku,price\n${PRODUCT_A.sku},1.00\n` },
      customer,
    );
    expect(refused.status).toBe(404);
    expect(await rowCounts(t.server.services.database)).toEqual(before);
  });

  it('takes an upload over the 1 MB form limit on the import page only, up to 16 MB', async () => {
    const filler = `sku,colour\n${`X-1,${'r'.repeat(700)}\n`.repeat(10_000)}`; // about 7 MB
    const big = await upload(filler);
    expect(big.status).toBe(400);
    expect(big.text).toContain('Unknown column');
    const tooBig = await upload('x'.repeat(16 * 1024 * 1024 + 1));
    expect(tooBig.status).toBe(413);
  });
});
