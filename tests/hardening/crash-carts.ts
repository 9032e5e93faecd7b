import { expect } from 'vitest';
import type { AppDatabase } from '../../server/db/database';
import { signedInClient } from '../support/accounts';
import { addToCart, setCartQuantity } from '../support/cart';
import { createClient, type TestClient } from '../support/http-client';

/**
 * Signed-in shoppers changing their carts while the crash loop kills the server: each sets its
 * line's quantity again and again, and what the server acknowledged must be what a restart
 * finds. A change in flight when the server died may have landed or not; after each kill the
 * line must hold the last acknowledged quantity or the one in flight, nothing else.
 */
export interface CartShopper {
  cookies: Map<string, string>;
  lineId: string;
  acknowledged: number;
  inFlight: number | undefined;
}

/** Shoppers with one line each, on the first round's server. */
export async function cartShoppers(url: string, count: number, productId: string): Promise<CartShopper[]> {
  const shoppers: CartShopper[] = [];
  for (let i = 0; i < count; i++) {
    const { client } = await signedInClient(url, `Crash${i}`);
    const added = await addToCart(client, productId, 1);
    if (added.status !== 200) throw new Error(`add to cart answered ${added.status}: ${added.text}`);
    const { item } = added.body as { item: { id: string; quantity: number } };
    shoppers.push({
      cookies: client.cookies,
      lineId: item.id,
      acknowledged: item.quantity,
      inFlight: undefined,
    });
  }
  return shoppers;
}

function clientOf(url: string, shopper: CartShopper): TestClient {
  const client = createClient(url);
  for (const [name, value] of shopper.cookies) client.cookies.set(name, value);
  return client;
}

/** Each shopper changes their line's quantity (1-9, never the same twice running) until the server is gone. */
export async function cartStream(url: string, shoppers: CartShopper[], counted: { changes: number }) {
  await Promise.all(
    shoppers.map(async (shopper) => {
      const client = clientOf(url, shopper);
      for (;;) {
        const next = (shopper.acknowledged % 9) + 1;
        shopper.inFlight = next;
        try {
          const answer = await setCartQuantity(client, shopper.lineId, next);
          if (answer.status !== 200) throw new Error(`quantity answered ${answer.status}`);
          shopper.acknowledged = (answer.body as { item: { quantity: number } }).item.quantity;
          shopper.inFlight = undefined;
          counted.changes++;
        } catch {
          return; // the server is gone
        }
      }
    }),
  );
}

/** After a kill: every line holds its acknowledged quantity, or the change that was in flight. */
export async function verifyCarts(database: AppDatabase, shoppers: CartShopper[]) {
  for (const shopper of shoppers) {
    const line = await database.db
      .selectFrom('cart_items')
      .select('quantity')
      .where('id', '=', shopper.lineId)
      .executeTakeFirst();
    const allowed = [shopper.acknowledged, ...(shopper.inFlight === undefined ? [] : [shopper.inFlight])];
    expect(allowed, `cart line ${shopper.lineId}`).toContain(line?.quantity);
    // What the restart found is where the next round starts.
    shopper.acknowledged = line!.quantity;
    shopper.inFlight = undefined;
  }
}
