import type { Kysely } from 'kysely';

/**
 * Account carts and wishlists. One row per user and product (unique), so adding a product
 * that is already there is a single atomic upsert. Name, price and image are copied from the
 * catalogue when the row is written, never taken from the client.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cart_items')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('product_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('cart_items_user_product_unique', ['user_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('cart_items_user_created_idx')
    .on('cart_items')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('wishlist_items')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('product_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('wishlist_items_user_product_unique', ['user_id', 'product_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wishlist_items').execute();
  await db.schema.dropTable('cart_items').execute();
}
