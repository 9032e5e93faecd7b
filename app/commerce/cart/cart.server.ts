import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { preparedQuery } from '#server/db/prepared';
import type { DatabaseSchema } from '#server/db/schema';
import { isPurchasable } from '../catalogue/catalog';
import type { Catalogue } from '../catalogue/catalog.server';
import { type CartLine, type LineLimit, lineLimitReached } from './cart';
import { MAX_LINE_QUANTITY } from '~/commerce/cart-limits';
import type { LineItem } from './cart.schema';

type Db = Kysely<DatabaseSchema>;

/**
 * Line ids are UUIDs. Anything else (a NUL byte from a hostile URL, say) is not found without a
 * query: PostgreSQL refuses NUL in text with an error, which would surface as a 500.
 */
const LINE_ID = /^[0-9a-f-]{36}$/;

export type CartError = 'unknown_product' | 'out_of_stock' | 'not_found';

export class CartRuleError extends Error {
  constructor(
    readonly code: CartError,
    message: string,
  ) {
    super(message);
  }
}

const COLUMNS = ['id', 'product_id', 'name', 'price', 'quantity', 'image_url'] as const;

/** The catalogue decides name, price and image; the client only names the product. */
function catalogueProduct(catalogue: Catalogue, productId: string) {
  const product = catalogue.getProduct(productId);
  if (!product) throw new CartRuleError('unknown_product', 'This product does not exist.');
  if (!isPurchasable(product.stock))
    throw new CartRuleError('out_of_stock', `${product.name} is out of stock.`);
  return product;
}

/** Prepared (server/db/prepared.ts): the cart page, its summary and every checkout read it. */
const cartLines = preparedQuery((db: Db, p: { userId: string }) =>
  db
    .selectFrom('cart_items')
    .select(COLUMNS)
    .where('user_id', '=', p.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id'),
);

export function listCart(db: Db, userId: string): Promise<CartLine[]> {
  return cartLines(db, { userId });
}

export async function countCart(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Adds to the quantity of the product's line, creating it if needed, in one statement: two
 * concurrent adds can never both create a row or lose each other's quantity. Prepared: the
 * busiest write of the store (server/db/prepared.ts).
 */
const upsertLine = preparedQuery(
  (
    db: Db,
    p: {
      id: string;
      userId: string;
      productId: string;
      name: string;
      price: number;
      quantity: number;
      imageUrl: string;
      most: number;
      now: number;
    },
  ) =>
    db
      .insertInto('cart_items')
      .values({
        id: p.id,
        user_id: p.userId,
        product_id: p.productId,
        name: p.name,
        price: p.price,
        quantity: p.quantity,
        image_url: p.imageUrl,
        created_at: p.now,
        updated_at: p.now,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'product_id']).doUpdateSet((eb) => {
          const sum = eb('cart_items.quantity', '+', eb.ref('excluded.quantity'));
          return {
            quantity: eb.case().when(sum, '>', p.most).then(p.most).else(sum).end(),
            // The catalogue may have changed since the line was created: refresh the copy.
            name: eb.ref('excluded.name'),
            price: eb.ref('excluded.price'),
            image_url: eb.ref('excluded.image_url'),
            updated_at: p.now,
          };
        }),
      )
      .returning(COLUMNS),
);

export async function addToCart(
  db: Db,
  catalogue: Catalogue,
  userId: string,
  productId: string,
  quantity: number,
): Promise<{ line: CartLine; capped: boolean; limit: LineLimit | null }> {
  const product = catalogueProduct(catalogue, productId);
  // A line holds at most 99, or what is left when fewer: the rest of the add is not taken.
  const most = Math.min(MAX_LINE_QUANTITY, product.onHand);
  const [line] = await upsertLine(db, {
    id: randomUUID(),
    userId,
    productId: product.id,
    name: product.name,
    price: product.price,
    quantity: Math.min(quantity, most),
    imageUrl: product.image,
    most,
    now: Date.now(),
  });
  if (!line) throw new Error('the cart line was not written');
  // As for the line maximum: a line that now holds all there is says so (no second query).
  return { line, ...lineLimitReached(line.quantity, product.onHand) };
}

export async function setCartQuantity(
  db: Db,
  userId: string,
  itemId: string,
  quantity: number,
): Promise<CartLine> {
  if (!LINE_ID.test(itemId)) throw new CartRuleError('not_found', 'This item is not in your cart.');
  const line = await db
    .updateTable('cart_items')
    .set({ quantity, updated_at: Date.now() })
    .where('id', '=', itemId)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!line) throw new CartRuleError('not_found', 'This item is not in your cart.');
  return line;
}

export async function removeFromCart(db: Db, userId: string, itemId: string): Promise<void> {
  if (!LINE_ID.test(itemId)) throw new CartRuleError('not_found', 'This item is not in your cart.');
  const result = await db
    .deleteFrom('cart_items')
    .where('id', '=', itemId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0)
    throw new CartRuleError('not_found', 'This item is not in your cart.');
}

export async function clearCart(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('cart_items').where('user_id', '=', userId).execute();
}

/**
 * Moves a guest cart into the account at sign-in: quantities add up (capped). Products that
 * no longer exist or are out of stock are skipped, never an error, so a merge always finishes.
 */
export async function mergeIntoCart(
  db: Db,
  catalogue: Catalogue,
  userId: string,
  items: LineItem[],
): Promise<{ merged: number; skipped: string[] }> {
  // One transaction: if anything unexpected fails, nothing is merged and the device keeps its
  // cart to try again, so no line is ever added twice.
  return db.transaction().execute(async (trx) => {
    const skipped: string[] = [];
    let merged = 0;
    for (const item of items) {
      try {
        await addToCart(trx, catalogue, userId, item.productId, item.quantity);
        merged++;
      } catch (error) {
        if (!(error instanceof CartRuleError)) throw error;
        skipped.push(item.productId);
      }
    }
    return { merged, skipped };
  });
}
