import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productForStaff } from '../../app/features/catalog/product-admin-queries.server';
import { PRODUCT_A, PRODUCT_B } from '../hardening/support';
import { createClient } from '../support/http-client';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/** Staff edit the catalogue in the console; the storefront follows at once. */
describe.each(testEngines)('the product console on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const db = () => t.server.services.database.db;

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
  });
  afterAll(async () => t.close());

  /** The editor's form as it is filled in now, with some fields changed. */
  async function editorFields(id: string, changes: Record<string, string | null> = {}) {
    const product = await productForStaff(db(), id);
    const fields: Record<string, string> = { intent: 'save', ...product!.values };
    for (const [flag, on] of Object.entries(product!.flags)) if (on) fields[flag] = 'on';
    const changed = { ...fields, ...changes };
    return Object.fromEntries(
      Object.entries(changed).filter((entry): entry is [string, string] => entry[1] !== null),
    );
  }
  const auditCount = async () =>
    Number(
      (
        await db()
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const shopper = () => createClient(t.url);

  it('changes a price, and the storefront shows it at once', async () => {
    const path = `/admin/products/${PRODUCT_A.id}`;
    const saved = await postForm(
      t,
      staff.client,
      path,
      await editorFields(PRODUCT_A.id, { price: '1234.56', originalPrice: '' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.text).toContain('Saved.');
    const page = await shopper().get(`/product/${PRODUCT_A.id}`);
    expect(page.text).toContain('$1,234.56');
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', PRODUCT_A.id)
      .where('action', '=', 'product.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before!)).toMatchObject({ price: PRODUCT_A.price });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ price: 123_456 });
  });

  it('refuses a bad form with a message per field, and changes nothing', async () => {
    const before = await productForStaff(db(), PRODUCT_B.id);
    const audits = await auditCount();
    const refused = await postForm(
      t,
      staff.client,
      `/admin/products/${PRODUCT_B.id}`,
      await editorFields(PRODUCT_B.id, {
        price: 'free',
        originalPrice: '1.00',
        name: 'x',
        specifications: 'no colon here',
        placement: 'nowhere',
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Enter the price in dollars');
    expect(refused.text).toContain('Enter the product name');
    expect(refused.text).toContain('Write each specification as');
    expect(await productForStaff(db(), PRODUCT_B.id)).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('unpublishes a product (gone from the storefront) and publishes it again', async () => {
    const path = `/admin/products/${PRODUCT_B.id}`;
    expect((await postForm(t, staff.client, path, { intent: 'publish', published: 'no' })).status).toBe(200);
    expect((await shopper().get(`/product/${PRODUCT_B.id}`)).status).toBe(404);
    const category = await shopper().get(`/category/${PRODUCT_B.category}/${PRODUCT_B.subcategory}`);
    expect(category.text).not.toContain(`/product/${PRODUCT_B.id}"`);
    expect((await postForm(t, staff.client, path, { intent: 'publish', published: 'yes' })).status).toBe(200);
    expect((await shopper().get(`/product/${PRODUCT_B.id}`)).status).toBe(200);
  });

  it('creates a product as a draft, which the storefront shows once published', async () => {
    const fields = await editorFields(PRODUCT_A.id, {
      name: 'Travel Rollator Lite',
      sku: `TRL-${Date.now() % 100000}`,
      isFeatured: 'on',
    });
    const created = await postForm(t, staff.client, '/admin/products/new', fields);
    expect(created.status).toBe(302);
    expect(created.location).toBe('/admin/products/travel-rollator-lite?created=1');
    expect((await shopper().get('/product/travel-rollator-lite')).status).toBe(404);
    expect(
      (
        await postForm(t, staff.client, '/admin/products/travel-rollator-lite', {
          intent: 'publish',
          published: 'yes',
        })
      ).status,
    ).toBe(200);
    const page = await shopper().get('/product/travel-rollator-lite');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Travel Rollator Lite');
    const again = await postForm(t, staff.client, '/admin/products/new', fields);
    expect(again.status).toBe(409);
    expect(again.text).toContain('belongs to another product');
  });

  it('sets stock only with a reason, keeps the history, and refuses a stale count', async () => {
    const path = `/admin/products/${PRODUCT_B.id}`;
    const onHand = (await productForStaff(db(), PRODUCT_B.id))!.onHand;
    const noReason = await postForm(t, staff.client, path, {
      intent: 'stock',
      onHand: '3',
      reason: '',
      expected: String(onHand),
    });
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain('Say why the stock changes');
    const set = await postForm(t, staff.client, path, {
      intent: 'stock',
      onHand: '3',
      reason: 'Count correction',
      expected: String(onHand),
    });
    expect(set.status).toBe(200);
    const stale = await postForm(t, staff.client, path, {
      intent: 'stock',
      onHand: '9',
      reason: 'Delivery from supplier',
      expected: String(onHand),
    });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('changed to 3 meanwhile');
    const product = await productForStaff(db(), PRODUCT_B.id);
    expect(product!.onHand).toBe(3);
    expect(product!.history[0]).toMatchObject({ delta: 3 - onHand, onHand: 3, reason: 'Count correction' });
    expect((await shopper().get(`/product/${PRODUCT_B.id}`)).text).toContain('Only 3 left');
  });

  async function upload(file: Blob, name: string, alt = 'Front view of the rollator') {
    const form = new FormData();
    form.set('intent', 'image-add');
    form.set('alt', alt);
    form.set('image', file, name);
    const response = await fetch(new URL(`/admin/products/${PRODUCT_A.id}`, t.url), {
      method: 'POST',
      body: form,
      headers: { cookie: staff.client.cookieHeader(), origin: t.url },
      redirect: 'manual',
    });
    return { status: response.status, text: await response.text() };
  }
  const mediaCount = async () =>
    Number(
      (
        await db()
          .selectFrom('media')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('takes a real image, resizes it to WebP and serves it from the database', async () => {
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const added = await upload(new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    expect(added.status).toBe(200);
    expect(added.text).toContain('It appears on the product in a few seconds');
    // The renditions are the job queue's work.
    await t.settled();
    const product = await productForStaff(db(), PRODUCT_A.id);
    const image = product!.images.at(-1)!;
    expect(image).toMatchObject({ alt: 'Front view of the rollator', width: 600, height: 450 });
    const served = await fetch(new URL(image.src, t.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 600, height: 450 });
    expect((await shopper().get(`/product/${PRODUCT_A.id}`)).text).toContain(image.src);
  });

  it('refuses what is not an image, whatever its name, and stores nothing', async () => {
    const before = await mediaCount();
    const text = await upload(new Blob(['<script>alert(1)</script>'], { type: 'image/jpeg' }), 'photo.jpg');
    expect(text.status).toBe(400);
    expect(text.text).toContain('Choose a JPEG, PNG or WebP image.');
    const svg = await upload(
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/png' }),
      'x.png',
    );
    expect(svg.status).toBe(400);
    const truncated = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const broken = await upload(new Blob([new Uint8Array(truncated.subarray(0, 40))]), 'broken.png');
    expect(broken.status).toBe(400);
    const big = await upload(new Blob([new Uint8Array(7 * 1024 * 1024)]), 'huge.jpg');
    expect(big.status).toBe(413);
    const noAlt = await upload(new Blob([new Uint8Array(truncated)]), 'ok.png', '');
    expect(noAlt.status).toBe(400);
    expect(noAlt.text).toContain('Describe the image');
    expect(await mediaCount()).toBe(before);
  });
});
