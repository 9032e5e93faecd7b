import type { Insertable } from 'kysely';
import { brandId } from '../../app/features/catalog/catalog';
import type {
  InventoryTable,
  ProductFeatureTable,
  ProductImageTable,
  ProductSpecificationTable,
  ProductTable,
} from '../../server/db/schema';
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
    const products: Insertable<ProductTable>[] = slice.map((p, i) => ({
      id: p.id,
      sku: p.sku,
      name: p.name,
      description: p.description,
      brand_id: brandId(p.brand),
      category_id: p.category,
      subcategory_id: p.subcategory,
      price: p.price,
      original_price: p.originalPrice ?? null,
      rating: p.rating,
      review_count: p.reviewCount,
      is_new: flag(p.isNew),
      hsa_fsa_eligible: flag(p.hsaFsaEligible),
      hsa_fsa_letter: flag(p.hsaFsaLetter),
      prescription_required: flag(p.prescriptionRequired),
      returnable: flag(p.returnable),
      freight_only: flag(p.freightOnly),
      tax_exempt: flag(p.taxExempt),
      measures: JSON.stringify(p.measures),
      position: firstPosition + start + i,
      updated_at: now,
    }));
    const numbered = <T>(items: readonly T[]) => items.map((item, index) => ({ item, position: index + 1 }));
    const images: Insertable<ProductImageTable>[] = slice.flatMap((p) =>
      numbered(p.images).map(({ item, position }) => ({
        product_id: p.id,
        position,
        src: item.src,
        alt: item.alt,
        width: item.width,
        height: item.height,
      })),
    );
    const features: Insertable<ProductFeatureTable>[] = slice.flatMap((p) =>
      numbered(p.features).map(({ item, position }) => ({ product_id: p.id, position, text: item })),
    );
    const specifications: Insertable<ProductSpecificationTable>[] = slice.flatMap((p) =>
      numbered(p.extraSpecifications).map(({ item, position }) => ({
        product_id: p.id,
        position,
        name: item.name,
        value: item.value,
      })),
    );
    const inventory: Insertable<InventoryTable>[] = slice.map((p) => ({
      product_id: p.id,
      on_hand: p.onHand,
      updated_at: now,
    }));
    await writer.transaction(async () => {
      await writer.insert('products', products);
      await writer.insert('product_images', images);
      await writer.insert('product_features', features);
      await writer.insert('product_specifications', specifications);
      await writer.insert('inventory', inventory);
    });
  }
}
