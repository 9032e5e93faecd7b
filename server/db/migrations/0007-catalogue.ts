import { type Kysely, sql } from 'kysely';
import { columnTypes } from './engine';

/**
 * The catalogue and its stock (docs/decisions/0016, 0017). The data files of the catalogue
 * feature are the seed of these tables; from here on the tables are the truth. Stock has its own
 * table: it changes with every sale, the rest only when staff edit a product, and a sale must
 * lock one small row, not the product.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('categories')
    .addColumn('id', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('banner_image', 'text', (c) => c.notNull())
    .addColumn('in_menu', types.boolean, (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('subcategories')
    .addColumn('category_id', 'varchar(60)', (c) =>
      c.notNull().references('categories.id').onDelete('cascade'),
    )
    .addColumn('id', 'varchar(60)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('subcategories_pk', ['category_id', 'id'])
    .execute();
  await db.schema
    .createTable('brands')
    .addColumn('id', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('products')
    .addColumn('id', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('sku', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('brand_id', 'varchar(120)', (c) => c.notNull().references('brands.id'))
    .addColumn('category_id', 'varchar(60)', (c) => c.notNull().references('categories.id'))
    .addColumn('subcategory_id', 'varchar(60)', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('original_price', 'integer')
    .addColumn('rating', 'double precision', (c) => c.notNull())
    .addColumn('review_count', 'integer', (c) => c.notNull())
    .addColumn('is_new', types.boolean, (c) => c.notNull())
    .addColumn('hsa_fsa_eligible', types.boolean, (c) => c.notNull())
    .addColumn('prescription_required', types.boolean, (c) => c.notNull())
    .addColumn('returnable', types.boolean, (c) => c.notNull())
    /** Structured fit measures (JSON): the specification rows are derived from them. */
    .addColumn('measures', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addForeignKeyConstraint('products_subcategory_fk', ['category_id', 'subcategory_id'], 'subcategories', [
      'category_id',
      'id',
    ])
    .execute();
  await db.schema
    .createIndex('products_category_idx')
    .on('products')
    .columns(['category_id', 'position'])
    .execute();
  await db.schema
    .createTable('product_images')
    .addColumn('product_id', 'varchar(120)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('src', 'text', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_images_pk', ['product_id', 'position'])
    .execute();
  await db.schema
    .createTable('product_features')
    .addColumn('product_id', 'varchar(120)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_features_pk', ['product_id', 'position'])
    .execute();
  await db.schema
    .createTable('product_specifications')
    .addColumn('product_id', 'varchar(120)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_specifications_pk', ['product_id', 'position'])
    .execute();
  await db.schema
    .createTable('inventory')
    .addColumn('product_id', 'varchar(120)', (c) =>
      c.primaryKey().references('products.id').onDelete('cascade'),
    )
    // Never negative, whatever the code above it does: the database refuses the write.
    .addColumn('on_hand', 'integer', (c) => c.notNull().check(sql`on_hand >= 0`))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'inventory',
    'product_specifications',
    'product_features',
    'product_images',
    'products',
    'brands',
    'subcategories',
    'categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
