import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { catalogueOf, catalogueStore } from '../../app/commerce/catalogue/catalogue-store.server';
import { FREIGHT_DAYS } from '../../app/commerce/delivery/shipping-options';
import { freightText } from '../../app/commerce/shipping';
import { sql } from 'kysely';
import { parseEnv } from '../../server/env';
import { listenerName } from '../../server/realtime/change-channel';
import { type RunningServer, startServer } from '../../server/server';
import { freePort } from '../support/free-port';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const [edited, sold, elsewhere, missed] = SEED_PRODUCTS.filter((p) => p.onHand > 20);

const page = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, etag: response.headers.get('etag'), html: await response.text() };
};

describe.each(testEngines)('a catalogue change on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine);
  });
  afterAll(async () => t.close());

  const db = () => t.server.services.database.db;

  it('shows a new price on the product page and in its listing at once, though both were cached', async () => {
    const product = `${t.url}/product/${edited!.id}`;
    const listing = `${t.url}/category/${edited!.category}/${edited!.subcategory}`;
    const before = await page(product);
    expect((await page(product)).etag).toBe(before.etag);
    expect((await page(listing)).html).toContain(edited!.name);

    await db().updateTable('products').set({ price: 1_234_567 }).where('id', '=', edited!.id).execute();
    await catalogueStore(t.server.services).changed([edited!.id]);

    const after = await page(product);
    expect(after.etag).not.toBe(before.etag);
    expect(after.html).toContain('$12,345.67');
    expect((await page(listing)).html).toContain('$12,345.67');
  });

  it('says on a freight product’s page that it ships by freight, and on no other', async () => {
    const bed = SEED_PRODUCTS.find((p) => p.subcategory === 'hospital-beds')!;
    expect((await page(`${t.url}/product/${bed.id}`)).html).toContain(freightText(FREIGHT_DAYS));
    expect((await page(`${t.url}/product/${edited!.id}`)).html).not.toContain(freightText(FREIGHT_DAYS));
  });

  it('keeps a cached page when a sale changes nothing it shows, and drops it when stock turns low', async () => {
    const product = `${t.url}/product/${sold!.id}`;
    const before = await page(product);
    await db()
      .updateTable('inventory')
      .set({ on_hand: sold!.onHand - 1 })
      .where('product_id', '=', sold!.id)
      .execute();
    await catalogueStore(t.server.services).changed([sold!.id]);
    expect((await page(product)).etag).toBe(before.etag);

    await db().updateTable('inventory').set({ on_hand: 3 }).where('product_id', '=', sold!.id).execute();
    await catalogueStore(t.server.services).changed([sold!.id]);
    const low = await page(product);
    expect(low.etag).not.toBe(before.etag);
    expect(low.html).toContain('Only 3 left');
    expect(low.html).toContain('Low Stock');
  });

  it.runIf(engine === 'postgres')('reads everything again once its lost listener is back', async () => {
    const { services } = t.server;
    // This instance's listening connection is cut, and stock changes while it is away.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${listenerName(services.changes.instanceId)}`.execute(
      db(),
    );
    await db().updateTable('inventory').set({ on_hand: 4 }).where('product_id', '=', missed!.id).execute();
    await expect
      .poll(() => catalogueOf(services).getProduct(missed!.id)?.onHand, { timeout: 10_000 })
      .toBe(4);
  });

  it.runIf(engine === 'postgres')('reaches every instance sharing the database', async () => {
    const port = await freePort();
    const second: RunningServer = await startServer(
      parseEnv({
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: t.db.url,
        DATA_DIR: t.db.dir,
        LOG_LEVEL: 'silent',
        SHUTDOWN_DRAIN_MS: '0',
      }),
    );
    try {
      const cached = await page(`${second.url}/product/${elsewhere!.id}`);
      expect(cached.html).not.toContain('Only 1 left');
      await db()
        .updateTable('inventory')
        .set({ on_hand: 1 })
        .where('product_id', '=', elsewhere!.id)
        .execute();
      // Told on the first instance: the second hears it through the change channel.
      await catalogueStore(t.server.services).changed([elsewhere!.id]);
      await expect.poll(() => catalogueOf(second.services).getProduct(elsewhere!.id)?.onHand).toBe(1);
      expect((await page(`${second.url}/product/${elsewhere!.id}`)).html).toContain('Only 1 left');

      // A change too large for one NOTIFY (8000 bytes) makes the others read everything.
      await db()
        .updateTable('inventory')
        .set({ on_hand: 2 })
        .where('product_id', '=', elsewhere!.id)
        .execute();
      const many = [elsewhere!.id, ...Array.from({ length: 300 }, (_, i) => `no-such-product-${i}`)];
      await catalogueStore(t.server.services).changed(many);
      await expect.poll(() => catalogueOf(second.services).getProduct(elsewhere!.id)?.onHand).toBe(2);
    } finally {
      await second.shutdown('test end');
    }
  });
});
