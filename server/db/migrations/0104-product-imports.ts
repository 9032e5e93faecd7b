import type { Kysely } from 'kysely';

/**
 * Products in bulk (issue 33, point 5; docs/decisions/0050): an uploaded CSV kept between its
 * dry run and "Write these changes", so the file is not sent twice and any instance can write
 * it. Catalogue data only (no personal data); a row is deleted once written, and rows older
 * than a day at the next upload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product_imports')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('staff_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_imports_created_idx')
    .on('product_imports')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_imports').execute();
}
