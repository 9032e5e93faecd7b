import type { Kysely } from 'kysely';
import { columnTypes } from './engine';

/**
 * Prescriptions' health data is sealed at rest (docs/decisions/0062): a sealed text is about 4/3
 * of its plaintext and 40 characters more, so the columns that hold it become `text` on
 * PostgreSQL (SQLite does not enforce a varchar's length, and cannot alter a column's type).
 */
const SEALED = ['file_name', 'prescriber_name', 'prescriber_phone'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  for (const column of SEALED) {
    await db.schema
      .alterTable('prescriptions')
      .alterColumn(column, (col) => col.setDataType('text'))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  const lengths = { file_name: 200, prescriber_name: 120, prescriber_phone: 40 };
  for (const column of SEALED) {
    await db.schema
      .alterTable('prescriptions')
      .alterColumn(column, (col) => col.setDataType(`varchar(${lengths[column]})`))
      .execute();
  }
}
