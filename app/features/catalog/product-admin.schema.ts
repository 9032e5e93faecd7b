import { z } from 'zod';
import { HCPCS_CODE, HCPCS_MODIFIER, HCPCS_TEXT } from '~/commerce/catalogue/hcpcs';
import { REFILL_WEEKS_TEXT, refillWeeksSchema } from '~/commerce/catalogue/refill-weeks';
import { decimalToCents } from '~/commerce/money';

/** The console's product forms. Money is typed in dollars and kept in cents. */

const dollars = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\$?\d{1,6}(\.\d{1,2})?$/, `Enter the ${label} in dollars, such as 129.99`)
    .transform((value) => decimalToCents(value) ?? Number.NaN)
    .pipe(z.number().int().min(1, `The ${label} must be more than $0`).max(99_999_999));

const optionalNumber = (label: string, max: number) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : Number(value)))
    .pipe(
      z
        .number({ error: `Enter the ${label} as a number` })
        .positive(`Enter the ${label} as a number above 0`)
        .max(max, `Enter the ${label} as a number up to ${max}`)
        .optional(),
    );

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on');

/** An optional code typed in any letter case: upper-cased, or null when left empty. */
const optionalCode = (format: RegExp, message: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .transform((value) => (value === '' ? null : value))
    .pipe(z.string().regex(format, message).nullable());

/** The product's HCPCS code and its default modifier (the console form and the CSV). */
export const hcpcsCodeSchema = optionalCode(HCPCS_CODE, HCPCS_TEXT.code);
export const hcpcsModifierSchema = optionalCode(HCPCS_MODIFIER, HCPCS_TEXT.modifier);

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export const MEASURE_FIELDS = [
  ['weightCapacityLb', 'Weight capacity (lb)', 2000],
  ['seatWidthIn', 'Seat width (in)', 100],
  ['seatHeightIn', 'Seat height (in)', 100],
  ['overallWidthIn', 'Overall width (in)', 200],
  ['foldedWidthIn', 'Width folded (in)', 200],
  ['itemWeightLb', 'Item weight (lb)', 2000],
  ['batteryLifeHours', 'Battery life (hours)', 1000],
  ['flowRateLpm', 'Flow rate (L/min)', 100],
  ['rangeMiles', 'Range (miles)', 500],
  ['noiseDb', 'Noise level (dB)', 200],
] as const;

const measureShape = Object.fromEntries(
  MEASURE_FIELDS.map(([name, label, max]) => [
    name,
    optionalNumber(label.replace(/ \(.*\)$/, '').toLowerCase(), max),
  ]),
) as Record<(typeof MEASURE_FIELDS)[number][0], ReturnType<typeof optionalNumber>>;

export const productSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(3, 'Enter the product name (3 to 120 characters)')
      .max(120, 'Enter the product name (3 to 120 characters)'),
    sku: z
      .string()
      .trim()
      .regex(/^[A-Z0-9][A-Z0-9-]{2,39}$/i, 'Enter the SKU: 3 to 40 letters, digits and hyphens'),
    description: z
      .string()
      .trim()
      .min(20, 'Write a description of at least 20 characters')
      .max(2000, 'Keep the description under 2,000 characters'),
    brand: z.string().trim().min(2, 'Enter the brand').max(60, 'Keep the brand under 60 characters'),
    placement: z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, 'Choose the category'),
    price: dollars('price'),
    originalPrice: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(dollars('original price').optional()),
    isNew: checkbox,
    isFeatured: checkbox,
    freightOnly: checkbox,
    taxExempt: checkbox,
    hsaFsaEligible: checkbox,
    hsaFsaLetter: checkbox,
    prescriptionRequired: checkbox,
    returnable: checkbox,
    features: z
      .string()
      .max(3000, 'Keep the features under 3,000 characters')
      .transform(lines)
      .pipe(
        z
          .array(z.string().max(200, 'Keep each feature under 200 characters'))
          .min(1, 'Write at least one feature, one per line')
          .max(10, 'Write at most 10 features'),
      ),
    specifications: z
      .string()
      .max(3000, 'Keep the specifications under 3,000 characters')
      .transform(lines)
      .pipe(
        z
          .array(
            z
              .string()
              .regex(/^[^:]{1,60}:\s*.{1,200}$/, 'Write each specification as "Name: value"')
              .transform((line) => {
                const at = line.indexOf(':');
                return { name: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
              }),
          )
          .max(20, 'Write at most 20 specifications'),
      ),
    hcpcsCode: hcpcsCodeSchema,
    hcpcsModifier: hcpcsModifierSchema,
    refillable: checkbox,
    refillWeeks: refillWeeksSchema,
    ...measureShape,
  })
  .refine((p) => !p.refillable || p.refillWeeks !== null, {
    path: ['refillWeeks'],
    message: REFILL_WEEKS_TEXT.missing,
  })
  .refine((p) => p.hcpcsModifier === null || p.hcpcsCode !== null, {
    path: ['hcpcsModifier'],
    message: HCPCS_TEXT.modifierWithoutCode,
  })
  .refine((p) => p.originalPrice === undefined || p.originalPrice > p.price, {
    path: ['originalPrice'],
    message: 'The original price must be higher than the price (or empty when not on sale)',
  });

export type ProductForm = z.infer<typeof productSchema>;

export const PRODUCT_FORM_FIELDS = [
  'name',
  'sku',
  'description',
  'brand',
  'placement',
  'price',
  'originalPrice',
  'isNew',
  'isFeatured',
  'freightOnly',
  'taxExempt',
  'hsaFsaEligible',
  'hsaFsaLetter',
  'prescriptionRequired',
  'returnable',
  'features',
  'specifications',
  'hcpcsCode',
  'hcpcsModifier',
  'refillable',
  'refillWeeks',
  ...MEASURE_FIELDS.map(([name]) => name),
] as const;

export const STOCK_REASONS = [
  'Delivery from supplier',
  'Count correction',
  'Damaged or expired',
  'Customer return',
] as const;

/**
 * A number the page rendered into the form (the count it showed, an image's position): anything
 * else is a stale or forged form, never a value to hand the database (PostgreSQL's integers end
 * at 2^31 - 1).
 */
export const renderedNumberSchema = z
  .string()
  .regex(/^\d{1,7}$/, 'Reload the product and try again.')
  .transform(Number);

export const stockSchema = z.strictObject({
  onHand: z.coerce
    .number({ error: 'Enter the units on hand as a whole number' })
    .int('Enter the units on hand as a whole number')
    .min(0, 'Units on hand cannot be below 0')
    .max(100_000, 'Enter at most 100,000 units'),
  reason: z
    .string()
    .trim()
    .min(3, 'Say why the stock changes')
    .max(200, 'Keep the reason under 200 characters'),
});
