import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, type NewOrder } from '../../app/commerce/orders/orders.server';
import { openMigratedTestDatabase, testEngines } from '../support/test-database';

const ORDER: NewOrder = {
  userId: null,
  email: 'guest@example.com',
  paymentMethod: 'card',
  subtotal: 1000,
  shipping: 0,
  discount: 0,
  tax: 0,
  taxRate: 0,
  total: 1000,
  promoCode: null,
  shippingOption: 'standard',
  address: {
    recipientName: 'Pat Guest',
    line1: '500 Pine Street',
    line2: '',
    city: 'Portland',
    state: 'OR',
    zip: '97204',
    phone: '(503) 555-0142',
  },
  items: [
    {
      productId: 'p-1',
      name: 'Walker',
      imageUrl: '/images/walker.webp',
      unitPrice: 1000,
      quantity: 1,
      lineTotal: 1000,
      hsaFsa: 'eligible',
      prescriptionRequired: false,
      hcpcsCode: null,
      hcpcsModifier: null,
    },
  ],
};

/** Order references are drawn at random; a draw already taken is drawn again, in one transaction. */
describe.each(testEngines)('order references on %s', (engine) => {
  let test: Awaited<ReturnType<typeof openMigratedTestDatabase>>;
  beforeAll(async () => {
    test = await openMigratedTestDatabase(engine);
  });
  afterAll(() => test.cleanup());

  const draws =
    (...references: string[]) =>
    () =>
      references.shift() ?? 'MS-NONELEFT';

  it('draws again when a reference is taken, and keeps the first order as it was', async () => {
    const db = test.database.db;
    const first = await insertOrder(db, ORDER, { drawReference: draws('MS-AAAAAAAA') });
    const second = await insertOrder(
      db,
      { ...ORDER, total: 2000 },
      { drawReference: draws('MS-AAAAAAAA', 'MS-BBBBBBBB') },
    );
    expect(second.reference).toBe('MS-BBBBBBBB');
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'reference', 'total'])
      .orderBy('reference')
      .execute();
    expect(rows).toEqual([
      { id: first.id, reference: 'MS-AAAAAAAA', total: 1000 },
      { id: second.id, reference: 'MS-BBBBBBBB', total: 2000 },
    ]);
    const items = await db
      .selectFrom('order_items')
      .select('order_id')
      .where('order_id', '=', second.id)
      .execute();
    expect(items).toHaveLength(1);
  });

  it('gives up after six taken draws, storing nothing', async () => {
    const db = test.database.db;
    const taken = Array<string>(6).fill('MS-AAAAAAAA');
    await expect(insertOrder(db, ORDER, { drawReference: draws(...taken) })).rejects.toThrow(
      'no free order reference',
    );
    expect(await db.selectFrom('orders').select('id').execute()).toHaveLength(2);
  });
});
