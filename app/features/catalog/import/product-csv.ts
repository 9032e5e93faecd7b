import { z } from 'zod';
import { defuseFormula } from '~/lib/csv';
import { centsToDecimal } from '~/commerce/money';
import { refillWeeksSchema, refillWeeksText } from '~/commerce/catalogue/refill-weeks';
import { hcpcsCodeSchema, hcpcsModifierSchema, productSchema } from '../product-admin.schema';

/**
 * The products CSV (docs/decisions/0050): the columns the console exports and imports, in the
 * export's order. An import names any of them (sku is the key and required), in any order and
 * any letter case; a column left out leaves that field as it is.
 */
export interface ProductCsvValues {
  name: string;
  description: string;
  brand: string;
  category: string;
  subcategory: string;
  price: number;
  originalPrice: number | null;
  stock: number;
  published: boolean;
  isNew: boolean;
  isFeatured: boolean;
  hsaFsaEligible: boolean;
  hsaFsaLetter: boolean;
  prescriptionRequired: boolean;
  returnable: boolean;
  freightOnly: boolean;
  taxExempt: boolean;
  hcpcsCode: string | null;
  hcpcsModifier: string | null;
  /** Refillable: the suggested intervals in weeks; null when not refillable. */
  refillWeeks: number[] | null;
}

export type ProductField = keyof ProductCsvValues;

const YES = new Set(['yes', 'true', '1']);
const NO = new Set(['no', 'false', '0']);
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => YES.has(value) || NO.has(value), 'Write yes or no')
  .transform((value) => YES.has(value));

const placementPart = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,60}$/, `Enter the ${label} id as the export writes it (such as mobility)`);

const shape = productSchema.shape;

/** Each field's header, its rule for a cell, and how the export writes it. */
export const PRODUCT_COLUMNS: readonly {
  header: string;
  field: ProductField;
  cell: z.ZodType<ProductCsvValues[ProductField]>;
  write: (value: never) => string;
}[] = [
  { header: 'name', field: 'name', cell: shape.name, write: (v: string) => v },
  { header: 'brand', field: 'brand', cell: shape.brand, write: (v: string) => v },
  { header: 'category', field: 'category', cell: placementPart('category'), write: (v: string) => v },
  {
    header: 'subcategory',
    field: 'subcategory',
    cell: placementPart('subcategory'),
    write: (v: string) => v,
  },
  { header: 'price', field: 'price', cell: shape.price, write: (v: number) => centsToDecimal(v) },
  {
    header: 'original_price',
    field: 'originalPrice',
    cell: shape.originalPrice.transform((v) => v ?? null),
    write: (v: number | null) => (v === null ? '' : centsToDecimal(v)),
  },
  {
    header: 'stock',
    field: 'stock',
    cell: z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, 'Enter the stock as a whole number of units')
      .transform(Number)
      .pipe(z.number().max(100_000, 'Enter at most 100,000 units')),
    write: (v: number) => String(v),
  },
  ...(
    [
      ['published', 'published'],
      ['new', 'isNew'],
      ['featured', 'isFeatured'],
      ['hsa_fsa_eligible', 'hsaFsaEligible'],
      ['hsa_fsa_letter', 'hsaFsaLetter'],
      ['prescription_required', 'prescriptionRequired'],
      ['returnable', 'returnable'],
      ['freight_only', 'freightOnly'],
      ['tax_exempt', 'taxExempt'],
    ] as const
  ).map(([header, field]) => ({ header, field, cell: flag, write: (v: boolean) => (v ? 'yes' : 'no') })),
  {
    header: 'hcpcs_code',
    field: 'hcpcsCode',
    cell: hcpcsCodeSchema,
    write: (v: string | null) => v ?? '',
  },
  {
    header: 'hcpcs_modifier',
    field: 'hcpcsModifier',
    cell: hcpcsModifierSchema,
    write: (v: string | null) => v ?? '',
  },
  {
    header: 'refill_weeks',
    field: 'refillWeeks',
    cell: refillWeeksSchema,
    write: (v: number[] | null) => refillWeeksText(v ?? []),
  },
  { header: 'description', field: 'description', cell: shape.description, write: (v: string) => v },
];

export const SKU_HEADER = 'sku';
export const skuSchema = shape.sku.transform((sku) => sku.toUpperCase());

/** What a new product cannot do without. */
export const REQUIRED_FOR_NEW: readonly ProductField[] = [
  'name',
  'description',
  'brand',
  'category',
  'subcategory',
  'price',
];

/** A field as the dry run and the export show it. */
export function shownValue(field: ProductField, value: ProductCsvValues[ProductField]): string {
  const column = PRODUCT_COLUMNS.find((c) => c.field === field);
  return column ? column.write(value as never) : String(value);
}

export const CSV_HEADERS = [SKU_HEADER, ...PRODUCT_COLUMNS.map((c) => c.header)];

/** A product as one record of the export, in CSV_HEADERS order. */
export function productCsvRecord(sku: string, values: ProductCsvValues): string[] {
  return [
    defuseFormula(sku),
    ...PRODUCT_COLUMNS.map((c) => defuseFormula(c.write(values[c.field] as never))),
  ];
}
