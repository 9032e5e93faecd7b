import { productDetailRows, productRow } from '../../app/commerce/catalogue/catalogue-db.server';
import type { BulkWriter } from './bulk-writer';
import type { Grown } from './grow-catalogue';

/**
 * Writes the grown products after the seed's (positions from `firstPosition` on) with their
 * images, features, specifications and stock, in one transaction per 500 products.
 */
export async function writeGrownCatalogue(
  writer: BulkWriter,
  grown: Grown,
  firstPosition: number,
  now = Date.now(),
): Promise<void> {
  const { flag } = writer;
  await writer.transaction(() => writer.insert('brands', grown.newBrands));
  const batch = 500;
  for (let start = 0; start < grown.products.length; start += batch) {
    const slice = grown.products.slice(start, start + batch);
    const products = slice.map((p, i) => productRow(p, { position: firstPosition + start + i, now, flag }));
    const { images, features, specifications, inventory } = productDetailRows(slice, now);
    await writer.transaction(async () => {
      await writer.insert('products', products);
      await writer.insert('product_images', images);
      await writer.insert('product_features', features);
      await writer.insert('product_specifications', specifications);
      await writer.insert('inventory', inventory);
    });
  }
}
