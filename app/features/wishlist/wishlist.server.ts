import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { preparedQuery } from '#server/db/prepared';
import type { DatabaseSchema } from '#server/db/schema';
import { toCard } from '~/commerce/catalogue/catalog';
import { PRODUCT_ID_PATTERN } from '~/commerce/catalogue/product-id';
import type { Catalogue } from '~/commerce/catalogue/catalog.server';

type Db = Kysely<DatabaseSchema>;

/** The account's wishlist as cards; products that left the catalogue are left out. */
export async function listWishlist(db: Db, catalogue: Catalogue, userId: string) {
  const rows = await db
    .selectFrom('wishlist_items')
    .select(['id', 'product_id'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.flatMap((row) => {
    const product = catalogue.getProduct(row.product_id);
    return product ? [{ id: row.id, product: toCard(product) }] : [];
  });
}

/** Adds once: a product already there stays as it is. Returns false for an unknown product. */
export async function addToWishlist(
  db: Db,
  catalogue: Catalogue,
  userId: string,
  productId: string,
): Promise<boolean> {
  if (!catalogue.getProduct(productId)) return false;
  await db
    .insertInto('wishlist_items')
    .values({ id: randomUUID(), user_id: userId, product_id: productId, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
  return true;
}

export async function removeFromWishlist(db: Db, userId: string, productId: string): Promise<boolean> {
  // Anything but a product id (a NUL byte...) never reaches SQL.
  if (!PRODUCT_ID_PATTERN.test(productId)) return false;
  const result = await db
    .deleteFrom('wishlist_items')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function clearWishlist(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('wishlist_items').where('user_id', '=', userId).execute();
}

export async function mergeWishlist(
  db: Db,
  catalogue: Catalogue,
  userId: string,
  productIds: string[],
): Promise<void> {
  for (const productId of productIds) await addToWishlist(db, catalogue, userId, productId);
}

/** The product ids of the account's wishlist, newest first: what a page's hearts show. */
export async function wishlistProductIds(db: Db, userId: string): Promise<string[]> {
  const rows = await wishlistIds(db, { userId });
  return rows.map((row) => row.product_id);
}

// Every page a signed-in shopper sees asks this: compiled once (ADR 0034), not per request.
const wishlistIds = preparedQuery((db: Db, p: { userId: string }) =>
  db
    .selectFrom('wishlist_items')
    .select('product_id')
    .where('user_id', '=', p.userId)
    .orderBy('created_at', 'desc'),
);
