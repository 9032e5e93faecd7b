import type { Kysely } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import type { DatabaseSchema } from '#server/db/schema';
import { CSV_HEADERS, productCsvRecord } from './product-csv';
import { readProductsForCsv } from './product-rows.server';

const PAGE = 1000;

/**
 * The catalogue as CSV text, a thousand products at a time: a UTF-8 BOM (so a spreadsheet
 * reads accents right) and the header first. The import reads this file back unchanged.
 */
export async function* productCsvChunks(db: Kysely<DatabaseSchema>): AsyncGenerator<string> {
  yield '\ufeff' + stringify([CSV_HEADERS], { record_delimiter: 'windows' });
  for (let offset = 0; ; offset += PAGE) {
    const products = await readProductsForCsv(db, { offset, limit: PAGE });
    if (products.length > 0) {
      yield stringify(
        products.map((p) => productCsvRecord(p.sku, p.values)),
        { record_delimiter: 'windows' },
      );
    }
    if (products.length < PAGE) return;
  }
}
