import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { type Actor, recordAudit } from '~/console/audit.server';
import { brandId } from '~/commerce/catalogue/catalog';
import { flagFor } from '~/commerce/catalogue/catalogue-db.server';
import { storedRefillWeeks } from '~/commerce/catalogue/refill-weeks';
import { slugOf } from '../product-admin.server';
import { parseImport } from './parse-import';
import { type ImportPlan, type PlannedRow, planImport } from './plan-import';
import type { ProductCsvValues } from './product-csv';
import { readPlacements, readProductsForCsv } from './product-rows.server';

type Db = Kysely<DatabaseSchema>;

/**
 * Where a long import is: the CLI prints it, the console ignores it. Awaited, so a test can
 * commit a sale at a known point of the write.
 */
export type ImportProgress = (step: {
  phase: 'check' | 'write';
  done: number;
  total: number;
}) => void | Promise<void>;

/** What the stock history says of a count an import set. */
export const IMPORT_STOCK_REASON = 'CSV import';

/**
 * The write found the catalogue different from the dry run (a sale, another edit): nothing was
 * written. The caller shows a fresh dry run.
 */
export class ImportChangedError extends Error {
  constructor() {
    super('The catalogue changed since the dry run, so nothing was written. Check the new dry run below.');
  }
}

/** The file has refused rows (or is refused whole): an import writes all its rows or none. */
export class ImportRefusedError extends Error {
  constructor(readonly plan: ImportPlan) {
    super(`Nothing was written: ${plan.fileError ?? `${plan.counts.refused} rows are refused`}.`);
  }
}

export interface ImportResult {
  plan: ImportPlan;
  /** Products created or updated: the catalogue read model reads them again. */
  productIds: string[];
}

/** The dry run: what the file would change in the catalogue as it is now. Writes nothing. */
export async function dryRunImport(db: Db, text: string, onProgress?: ImportProgress): Promise<ImportPlan> {
  const parsed = parseImport(text);
  await onProgress?.({
    phase: 'check',
    done: parsed.rows.length,
    total: parsed.rows.length + parsed.refused.length,
  });
  const [products, placements] = await Promise.all([readProductsForCsv(db), readPlacements(db)]);
  return planImport(parsed, products, placements);
}

/**
 * Plans the file again inside one transaction and writes it there: every row or none. With
 * `expectedDigest` (the dry run's), a plan that differs (the catalogue changed meanwhile)
 * writes nothing. Stock is set with the count the plan read as a condition, so a sale that
 * commits between the plan and the write makes the write roll back rather than undo the sale.
 */
export async function writeImport(
  db: Db,
  actor: Actor,
  text: string,
  options: { expectedDigest?: string; importId?: string; fileName: string; onProgress?: ImportProgress },
): Promise<ImportResult> {
  return db.transaction().execute(async (trx) => {
    const plan = await dryRunImport(trx, text, options.onProgress);
    if (plan.fileError || plan.counts.refused > 0) throw new ImportRefusedError(plan);
    if (options.expectedDigest !== undefined && plan.digest !== options.expectedDigest) {
      throw new ImportChangedError();
    }
    const productIds = await applyPlan(trx, actor, plan, options.onProgress);
    if (options.importId)
      await trx.deleteFrom('product_imports').where('id', '=', options.importId).execute();
    await recordAudit(trx, actor, {
      action: 'product.import',
      targetType: 'product',
      targetId: options.importId ?? 'csv',
      after: { file: options.fileName, ...plan.counts },
    });
    return { plan, productIds };
  });
}

const CHUNK = 200;
async function inChunks<T>(items: readonly T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let at = 0; at < items.length; at += CHUNK) await write(items.slice(at, at + CHUNK));
}

function productColumns(values: ProductCsvValues, flag: (value: boolean) => boolean | number) {
  return {
    name: values.name,
    description: values.description,
    brand_id: brandId(values.brand),
    category_id: values.category,
    subcategory_id: values.subcategory,
    price: values.price,
    original_price: values.originalPrice,
    published: flag(values.published),
    is_new: flag(values.isNew),
    is_featured: flag(values.isFeatured),
    hsa_fsa_eligible: flag(values.hsaFsaEligible),
    hsa_fsa_letter: flag(values.hsaFsaLetter),
    prescription_required: flag(values.prescriptionRequired),
    returnable: flag(values.returnable),
    freight_only: flag(values.freightOnly),
    tax_exempt: flag(values.taxExempt),
    hcpcs_code: values.hcpcsCode,
    hcpcs_modifier: values.hcpcsModifier,
    refill_weeks: storedRefillWeeks(values.refillWeeks ?? undefined),
  };
}

async function applyPlan(trx: Db, actor: Actor, plan: ImportPlan, onProgress?: ImportProgress) {
  const flag = flagFor(trx);
  const now = Date.now();
  const creates = plan.rows.filter((r): r is Extract<PlannedRow, { kind: 'create' }> => r.kind === 'create');
  const updates = plan.rows.filter((r): r is Extract<PlannedRow, { kind: 'update' }> => r.kind === 'update');
  const total = creates.length + updates.length;
  const movements: DatabaseSchema['stock_movements'][] = [];
  const movement = (productId: string, delta: number, onHand: number) =>
    movements.push({
      id: randomUUID(),
      product_id: productId,
      at: now,
      delta,
      on_hand: onHand,
      reason: IMPORT_STOCK_REASON,
      actor_id: actor.id,
      order_id: null,
    });

  const brands = new Map([...creates, ...updates].map((r) => [brandId(r.values.brand), r.values.brand]));
  await inChunks([...brands], (chunk) =>
    trx
      .insertInto('brands')
      .values(chunk.map(([id, name]) => ({ id, name })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute(),
  );

  const taken = new Set((await trx.selectFrom('products').select('id').execute()).map((r) => r.id));
  const last = await trx
    .selectFrom('products')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  let position = Number(last?.position ?? 0);
  const created = creates.map((row) => {
    const base = slugOf(row.values.name);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    if (row.values.stock > 0) movement(id, row.values.stock, row.values.stock);
    position += 1;
    return { id, row, position };
  });
  await inChunks(created, async (chunk) => {
    await trx
      .insertInto('products')
      .values(
        chunk.map(({ id, row, position: at }) => ({
          ...productColumns(row.values, flag),
          id,
          sku: row.sku,
          rating: 0,
          review_count: 0,
          measures: '{}',
          position: at,
          updated_at: now,
        })),
      )
      .execute();
    await trx
      .insertInto('inventory')
      .values(chunk.map(({ id, row }) => ({ product_id: id, on_hand: row.values.stock, updated_at: now })))
      .execute();
  });
  await onProgress?.({ phase: 'write', done: creates.length, total });

  let done = creates.length;
  for (const row of updates) {
    const { product, values } = row;
    await trx
      .updateTable('products')
      .set({ ...productColumns(values, flag), updated_at: now })
      .where('id', '=', product.id)
      .execute();
    if (values.stock !== product.values.stock) {
      const result = await trx
        .updateTable('inventory')
        .set({ on_hand: values.stock, updated_at: now })
        .where('product_id', '=', product.id)
        .where('on_hand', '=', product.values.stock)
        .executeTakeFirst();
      // A sale committed after the plan read the count: roll back, never overwrite the sale.
      if (Number(result.numUpdatedRows) !== 1) {
        throw new ImportChangedError();
      }
      movement(product.id, values.stock - product.values.stock, values.stock);
    }
    done += 1;
    if (done % 1000 === 0) await onProgress?.({ phase: 'write', done, total });
  }
  await inChunks(movements, (chunk) => trx.insertInto('stock_movements').values(chunk).execute());
  await onProgress?.({ phase: 'write', done: total, total });
  return [...created.map((c) => c.id), ...updates.map((r) => r.product.id)];
}
