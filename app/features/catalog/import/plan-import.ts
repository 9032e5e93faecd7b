import { createHash } from 'node:crypto';
import { brandId } from '~/commerce/catalogue/catalog';
import { HCPCS_TEXT } from '~/commerce/catalogue/hcpcs';
import type { ParsedImport, RefusedRow } from './parse-import';
import { type ProductCsvValues, type ProductField, REQUIRED_FOR_NEW, shownValue } from './product-csv';
import type { StoredProduct } from './product-rows.server';

export interface FieldChange {
  field: ProductField;
  from: string;
  to: string;
}

export type PlannedRow =
  | { line: number; sku: string; kind: 'create'; values: ProductCsvValues }
  | {
      line: number;
      sku: string;
      kind: 'update';
      product: StoredProduct;
      values: ProductCsvValues;
      changes: FieldChange[];
    }
  | { line: number; sku: string; kind: 'unchanged' };

export interface ImportPlan {
  rows: PlannedRow[];
  refused: RefusedRow[];
  fileError?: string;
  counts: { create: number; update: number; unchanged: number; refused: number };
  /**
   * A digest of every outcome and every old value the dry run showed: the write plans again
   * against the database as it is then, and writes only if it gets the same digest.
   */
  digest: string;
}

/** Brands by their id, intervals as they are written; the rest as they are. */
const same = (field: ProductField, a: ProductCsvValues, b: ProductCsvValues) =>
  field === 'brand'
    ? brandId(a.brand) === brandId(b.brand)
    : field === 'refillWeeks'
      ? shownValue(field, a[field]) === shownValue(field, b[field])
      : a[field] === b[field];

/**
 * What the rows would do to the catalogue as it is now: create a product for an SKU it lacks,
 * update the fields that differ, or nothing. Rules that need the catalogue are checked here
 * (a category that exists, an original price above the price once merged, what a new
 * product needs).
 */
export function planImport(
  parsed: ParsedImport,
  products: readonly StoredProduct[],
  placements: ReadonlySet<string>,
): ImportPlan {
  const bySku = new Map(products.map((p) => [p.sku.toUpperCase(), p]));
  const rows: PlannedRow[] = [];
  const refused = [...parsed.refused];
  for (const row of parsed.rows) {
    const existing = bySku.get(row.sku);
    const refuse = (reason: string) => refused.push({ line: row.line, sku: row.sku, reason });
    if (!existing) {
      const missing = REQUIRED_FOR_NEW.filter((field) => row.values[field] === undefined);
      if (missing.length > 0) {
        refuse(`A new product needs ${missing.join(', ')}: this SKU is not in the catalogue yet.`);
        continue;
      }
    }
    const values: ProductCsvValues = {
      originalPrice: null,
      stock: 0,
      published: false,
      isNew: false,
      isFeatured: false,
      hsaFsaEligible: false,
      hsaFsaLetter: false,
      prescriptionRequired: false,
      returnable: false,
      freightOnly: false,
      taxExempt: false,
      hcpcsCode: null,
      hcpcsModifier: null,
      refillWeeks: null,
      ...existing?.values,
      ...row.values,
    } as ProductCsvValues;
    if (!placements.has(`${values.category}/${values.subcategory}`)) {
      refuse(`The category ${values.category}/${values.subcategory} does not exist.`);
      continue;
    }
    if (values.hcpcsModifier !== null && values.hcpcsCode === null) {
      refuse(`hcpcs_modifier: ${HCPCS_TEXT.modifierWithoutCode}`);
      continue;
    }
    if (values.originalPrice !== null && values.originalPrice <= values.price) {
      refuse('original_price: The original price must be higher than the price (or empty when not on sale)');
      continue;
    }
    if (!existing) {
      rows.push({ line: row.line, sku: row.sku, kind: 'create', values });
      continue;
    }
    const changes = parsed.fields
      .filter((field) => !same(field, existing.values, values))
      .map((field) => ({
        field,
        from: shownValue(field, existing.values[field]),
        to: shownValue(field, values[field]),
      }));
    rows.push(
      changes.length > 0
        ? { line: row.line, sku: row.sku, kind: 'update', product: existing, values, changes }
        : { line: row.line, sku: row.sku, kind: 'unchanged' },
    );
  }
  refused.sort((a, b) => a.line - b.line);
  const counts = {
    create: rows.filter((r) => r.kind === 'create').length,
    update: rows.filter((r) => r.kind === 'update').length,
    unchanged: rows.filter((r) => r.kind === 'unchanged').length,
    refused: refused.length,
  };
  const hash = createHash('sha256');
  for (const row of rows) {
    hash.update(JSON.stringify([row.line, row.kind, row.kind === 'update' ? row.changes : null]));
  }
  for (const row of refused) hash.update(JSON.stringify([row.line, row.reason]));
  hash.update(parsed.fileError ?? '');
  // An unchanged row's old values matter too: a sale since the dry run turns it into an update.
  return { rows, refused, fileError: parsed.fileError, counts, digest: hash.digest('base64url') };
}
