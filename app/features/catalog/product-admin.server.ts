import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { type Actor, recordAudit } from '~/console/audit.server';
import { brandId } from '~/commerce/catalogue/catalog';
import type { ProductMeasures } from '~/commerce/catalogue/catalog.types';
import { flagFor } from '~/commerce/catalogue/catalogue-db.server';
import { announceLowStock } from '~/commerce/catalogue/stock.server';
import { storedRefillWeeks } from '~/commerce/catalogue/refill-weeks';
import { MEASURE_FIELDS, type ProductForm } from './product-admin.schema';

/**
 * The console's side of the catalogue: staff create and edit products and set stock.
 * Each change is one transaction with its audit row (and, for stock, its history row); the
 * caller then tells the catalogue read model which products to read again.
 */
type Db = Kysely<DatabaseSchema>;

export class ProductAdminError extends Error {}

/** "Oxygen Concentrator 5L!" -> "oxygen-concentrator-5l" */
export function slugOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'product'
  );
}

/** The form as the products row (and the parts in their own tables). */
function rowsOf(form: ProductForm, flag: (v: boolean) => boolean | number) {
  const [category, subcategory] = form.placement.split('/') as [string, string];
  const measures: Record<string, number> = {};
  for (const [name] of MEASURE_FIELDS) {
    const value = form[name];
    if (value !== undefined) measures[name] = value;
  }
  return {
    product: {
      sku: form.sku.toUpperCase(),
      name: form.name,
      description: form.description,
      brand_id: brandId(form.brand),
      category_id: category,
      subcategory_id: subcategory,
      price: form.price,
      original_price: form.originalPrice ?? null,
      is_new: flag(form.isNew),
      is_featured: flag(form.isFeatured),
      hsa_fsa_eligible: flag(form.hsaFsaEligible),
      hsa_fsa_letter: flag(form.hsaFsaLetter),
      prescription_required: flag(form.prescriptionRequired),
      returnable: flag(form.returnable),
      freight_only: flag(form.freightOnly),
      tax_exempt: flag(form.taxExempt),
      hcpcs_code: form.hcpcsCode,
      hcpcs_modifier: form.hcpcsModifier,
      // Unticked, the product is not refillable whatever intervals were left in the field.
      refill_weeks: form.refillable ? storedRefillWeeks(form.refillWeeks ?? undefined) : null,
      measures: JSON.stringify(measures),
    },
    features: form.features,
    specifications: form.specifications,
  };
}

/**
 * Creates (id null: a draft, unpublished, with no stock) or updates a product from the editor's
 * form. Measures kept for fields the form does not show (dimensions, height range) stay as they
 * were. Returns the product's id.
 */
export async function saveProduct(
  db: Db,
  actor: Actor,
  form: ProductForm,
  id: string | null,
): Promise<string> {
  const flag = flagFor(db);
  const { product, features, specifications } = rowsOf(form, flag);
  return db.transaction().execute(async (trx) => {
    const placement = await trx
      .selectFrom('subcategories')
      .select('id')
      .where('category_id', '=', product.category_id)
      .where('id', '=', product.subcategory_id)
      .executeTakeFirst();
    if (!placement) throw new ProductAdminError('Choose the category');
    const skuOwner = await trx
      .selectFrom('products')
      .select('id')
      .where('sku', '=', product.sku)
      .executeTakeFirst();
    if (skuOwner && skuOwner.id !== id)
      throw new ProductAdminError(`The SKU ${product.sku} belongs to another product`);
    await trx
      .insertInto('brands')
      .values({ id: product.brand_id, name: form.brand })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const now = Date.now();
    let productId = id;
    let before: unknown;
    if (productId) {
      const old = await trx.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirst();
      if (!old) throw new ProductAdminError('This product does not exist.');
      const kept = JSON.parse(old.measures) as ProductMeasures;
      const merged = {
        ...JSON.parse(product.measures),
        ...(kept.dimensionsIn ? { dimensionsIn: kept.dimensionsIn } : {}),
        ...(kept.heightRangeIn ? { heightRangeIn: kept.heightRangeIn } : {}),
      };
      product.measures = JSON.stringify(merged);
      before = await describe(trx, productId);
      await trx
        .updateTable('products')
        .set({ ...product, updated_at: now })
        .where('id', '=', productId)
        .execute();
      await trx.deleteFrom('product_features').where('product_id', '=', productId).execute();
      await trx.deleteFrom('product_specifications').where('product_id', '=', productId).execute();
    } else {
      productId = await freeId(trx, slugOf(form.name));
      const last = await trx
        .selectFrom('products')
        .select((eb) => eb.fn.max('position').as('position'))
        .executeTakeFirst();
      await trx
        .insertInto('products')
        .values({
          ...product,
          id: productId,
          rating: 0,
          review_count: 0,
          position: Number(last?.position ?? 0) + 1,
          updated_at: now,
          published: flag(false),
        })
        .execute();
      await trx
        .insertInto('inventory')
        .values({ product_id: productId, on_hand: 0, updated_at: now })
        .execute();
    }
    const pid = productId;
    if (features.length > 0) {
      await trx
        .insertInto('product_features')
        .values(features.map((text, position) => ({ product_id: pid, position, text })))
        .execute();
    }
    if (specifications.length > 0) {
      await trx
        .insertInto('product_specifications')
        .values(
          specifications.map((s, position) => ({ product_id: pid, position, name: s.name, value: s.value })),
        )
        .execute();
    }
    await recordAudit(
      trx,
      actor,
      {
        action: id ? 'product.update' : 'product.create',
        targetType: 'product',
        targetId: pid,
        before,
        after: await describe(trx, pid),
      },
      now,
    );
    return pid;
  });
}

async function freeId(trx: Db, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const taken = await trx
      .selectFrom('products')
      .select('id')
      .where('id', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}

/** What the audit keeps of a product: its row and its lists, as they were. */
async function describe(trx: Db, id: string) {
  const row = await trx.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const features = await trx
    .selectFrom('product_features')
    .select('text')
    .where('product_id', '=', id)
    .orderBy('position')
    .execute();
  const specifications = await trx
    .selectFrom('product_specifications')
    .select(['name', 'value'])
    .where('product_id', '=', id)
    .orderBy('position')
    .execute();
  const { updated_at: _updated, position: _position, ...fields } = row;
  return { ...fields, features: features.map((f) => f.text), specifications };
}

export async function setPublished(db: Db, actor: Actor, id: string, published: boolean): Promise<void> {
  const flag = flagFor(db);
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('products').select('published').where('id', '=', id).executeTakeFirst();
    if (!row) throw new ProductAdminError('This product does not exist.');
    if (Boolean(row.published) === published) return;
    const now = Date.now();
    await trx
      .updateTable('products')
      .set({ published: flag(published), updated_at: now })
      .where('id', '=', id)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: published ? 'product.publish' : 'product.unpublish',
        targetType: 'product',
        targetId: id,
        before: { published: !published },
        after: { published },
      },
      now,
    );
  });
}

/**
 * Sets the units on hand, with the reason kept in the stock history. `expected` is the count
 * the editor showed: if a sale or another member of staff changed it meanwhile, nothing is
 * written and staff see the new count.
 */
export async function setStock(
  db: Db,
  actor: Actor,
  id: string,
  onHand: number,
  reason: string,
  expected: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    const updated = await trx
      .updateTable('inventory')
      .set({ on_hand: onHand, updated_at: now })
      .where('product_id', '=', id)
      .where('on_hand', '=', expected)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      const row = await trx
        .selectFrom('inventory')
        .select('on_hand')
        .where('product_id', '=', id)
        .executeTakeFirst();
      if (!row) throw new ProductAdminError('This product does not exist.');
      throw new ProductAdminError(
        `The stock changed to ${row.on_hand} meanwhile (a sale or another change). Check it and try again.`,
      );
    }
    if (onHand === expected) return;
    const product = await trx.selectFrom('products').select('name').where('id', '=', id).executeTakeFirst();
    await announceLowStock(trx, { productId: id, name: product?.name ?? id }, expected, onHand, now);
    await trx
      .insertInto('stock_movements')
      .values({
        id: randomUUID(),
        product_id: id,
        at: now,
        delta: onHand - expected,
        on_hand: onHand,
        reason,
        actor_id: actor.id,
        order_id: null,
      })
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'product.stock',
        targetType: 'product',
        targetId: id,
        before: { onHand: expected },
        after: { onHand, reason },
      },
      now,
    );
  });
}
