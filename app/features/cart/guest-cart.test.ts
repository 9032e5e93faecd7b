// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_LINE_QUANTITY } from '~/commerce/cart-limits';
import {
  afterMerge,
  GUEST_CART_KEY,
  type GuestCartItem,
  readGuestCart,
  withAdded,
  withoutLine,
  withQuantity,
  writeGuestCart,
} from './guest-cart';
import { mergeGuestCart } from './merge-guest-cart';

const walker = { id: 'folding-walker', name: 'Folding Walker', price: 5_999, image: '/w.svg' };
const cane = { id: 'quad-cane', name: 'Quad Cane', price: 2_499, image: '/c.svg' };

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('guest cart', () => {
  it('adds no more than the units left, and says stock stopped it', () => {
    const lowStock = { ...walker, left: 2 };
    const first = withAdded([], lowStock, 1);
    expect(first).toMatchObject({ capped: false, limit: null, items: [{ quantity: 1 }] });
    // Reaching the last unit says so, as reaching 99 does.
    const second = withAdded(first.items, lowStock, 1);
    expect(second).toMatchObject({
      capped: true,
      limit: { reason: 'stock', left: 2 },
      items: [{ quantity: 2 }],
    });
    const third = withAdded(second.items, lowStock, 1);
    expect(third).toMatchObject({
      capped: true,
      limit: { reason: 'stock', left: 2 },
      items: [{ quantity: 2 }],
    });
    expect(withAdded([], lowStock, 5)).toMatchObject({
      limit: { reason: 'stock', left: 2 },
      items: [{ quantity: 2 }],
    });
  });

  it('adds a new line with the spec fields and no user id', () => {
    const { items, capped } = withAdded([], walker, 2, '2026-01-01T00:00:00.000Z');
    expect(capped).toBe(false);
    expect(items).toEqual([
      {
        id: expect.any(String),
        product_id: 'folding-walker',
        name: 'Folding Walker',
        price: 5_999,
        quantity: 2,
        image_url: '/w.svg',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      },
    ]);
    expect(items[0]).not.toHaveProperty('user_id');
  });

  it('adds to the quantity of a product already in the cart, capped at 99', () => {
    let items = withAdded([], walker, 1).items;
    items = withAdded(items, cane, 1).items;
    const id = items.find((i) => i.product_id === 'folding-walker')!.id;
    items = withAdded(items, walker, 3).items;
    expect(items).toHaveLength(2);
    expect(items.find((i) => i.id === id)?.quantity).toBe(4);

    const capped = withAdded(items, walker, 200);
    expect(capped.capped).toBe(true);
    expect(capped.items.find((i) => i.id === id)?.quantity).toBe(MAX_LINE_QUANTITY);
    expect(withAdded([], cane, 150)).toMatchObject({ capped: true, items: [{ quantity: 99 }] });
  });

  it('reports the limit once a line reaches 99, as the account cart does (98 + 1)', () => {
    const at98 = withAdded([], walker, 98);
    expect(at98.capped).toBe(false);
    const at99 = withAdded(at98.items, walker, 1);
    expect(at99).toMatchObject({ capped: true, items: [{ quantity: MAX_LINE_QUANTITY }] });
    expect(withAdded(at99.items, walker, 1)).toMatchObject({ capped: true, items: [{ quantity: 99 }] });
    expect(withAdded([], cane, MAX_LINE_QUANTITY).capped).toBe(true);
  });

  it('never sets a quantity below 1, and caps it at 99', () => {
    const items = withAdded([], walker, 2).items;
    const id = items[0]!.id;
    expect(withQuantity(items, id, 1)[0]?.quantity).toBe(1);
    expect(withQuantity(items, id, 0)[0]?.quantity).toBe(2);
    expect(withQuantity(items, id, -3)[0]?.quantity).toBe(2);
    expect(withQuantity(items, id, 1.5)[0]?.quantity).toBe(2);
    expect(withQuantity(items, id, 500)[0]?.quantity).toBe(99);
    expect(withoutLine(items, id)).toEqual([]);
  });

  it('survives a round trip through storage', () => {
    const items = withAdded(withAdded([], walker, 2).items, cane, 1).items;
    expect(writeGuestCart(items)).toBe(true);
    expect(readGuestCart()).toEqual(items);
  });

  it('ignores corrupt storage instead of crashing', () => {
    for (const raw of ['{not json', '"text"', '{"a":1}', 'null', '42']) {
      localStorage.setItem(GUEST_CART_KEY, raw);
      expect(readGuestCart()).toEqual([]);
    }
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify([
        null,
        { id: 'x' },
        { product_id: 'BAD ID!', name: 'x', price: 1, quantity: 1 },
        { product_id: 'quad-cane', name: 'Quad Cane', price: -1, quantity: 1 },
        { product_id: 'quad-cane', name: 'Quad Cane', price: 2_499, quantity: 0 },
        { product_id: 'quad-cane', name: 'Quad Cane', price: 2_499, quantity: 2.5 },
        { id: 'a', product_id: 'quad-cane', name: 'Quad Cane', price: 2_499, quantity: 3 },
        { id: 'b', product_id: 'quad-cane', name: 'Quad Cane', price: 2_499, quantity: 98 },
        { product_id: 'folding-walker', name: 'Folding Walker', price: 5_999, quantity: 500 },
      ]),
    );
    const items = readGuestCart();
    // Duplicates of one product become one line (capped); out-of-range quantities are capped.
    expect(items.map((i) => [i.product_id, i.quantity])).toEqual([
      ['quad-cane', 99],
      ['folding-walker', 99],
    ]);
    expect(items[1]?.id).toEqual(expect.any(String));
  });

  it('takes merged quantities off and keeps what another tab added meanwhile', () => {
    const sent = withAdded(withAdded([], walker, 2).items, cane, 1).items;
    const now = withAdded(withAdded(sent, walker, 3).items, { ...cane, id: 'bath-bench' }, 1).items;
    expect(afterMerge(now, sent).map((i) => [i.product_id, i.quantity])).toEqual([
      ['bath-bench', 1],
      ['folding-walker', 3],
    ]);
    expect(afterMerge(sent, sent)).toEqual([]);
  });
});

describe('merging the guest cart at sign-in', () => {
  const guestCart = () => withAdded(withAdded([], walker, 2).items, cane, 1).items;

  it('sends the lines, then removes the guest cart from the device', async () => {
    writeGuestCart(guestCart());
    const fetchMock = vi.fn(async () =>
      Response.json({ merged: 2, skipped: [], items: [{ id: '1', product_id: 'quad-cane', quantity: 1 }] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const lines = await mergeGuestCart();
    expect(lines).toHaveLength(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    // The merge form's fields, one productId and one quantity per line, in order.
    expect(url).toBe('/cart');
    expect([...new URLSearchParams(String(init.body))]).toEqual([
      ['intent', 'merge'],
      ['productId', 'quad-cane'],
      ['quantity', '1'],
      ['productId', 'folding-walker'],
      ['quantity', '2'],
    ]);
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it('keeps the guest cart when the call fails, to try again on the next load', async () => {
    const items: GuestCartItem[] = guestCart();
    writeGuestCart(items);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 'x', message: 'down' } }, { status: 503 })),
    );
    expect(await mergeGuestCart()).toBeUndefined();
    expect(readGuestCart()).toEqual(items);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    expect(await mergeGuestCart()).toBeUndefined();
    expect(readGuestCart()).toEqual(items);
  });

  it('does nothing without a guest cart', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await mergeGuestCart()).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
