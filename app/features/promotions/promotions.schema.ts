import { z } from 'zod';
import { dayStart } from '~/console/console';
import { PROMO_KINDS, PROMO_SCOPES } from '~/commerce/promo/promo';

/**
 * The console's promotion form (docs/decisions/0052): money typed in dollars and kept in cents,
 * days in the store's time zone (a code starts at midnight of its first day and ends after its
 * last), limits blank for none. Strict: a field the form does not have is refused.
 */
const blankOr = <O>(schema: z.ZodType<O, string>) =>
  z
    .string()
    .default('')
    .transform((value) => value.trim())
    .transform((value) => (value === '' ? undefined : value))
    .pipe(schema.optional());

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `Enter the ${label} as a whole number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `The ${label} must be at least ${min}`)
        .max(max, `The ${label} must be at most ${max.toLocaleString('en-US')}`),
    );

const cents = (label: string) =>
  z
    .string()
    .regex(/^\$?\d{1,6}(\.\d{1,2})?$/, `Enter the ${label} in dollars, such as 25.00`)
    .transform((value) => Math.round(Number(value.replace('$', '')) * 100));

const day = (label: string) =>
  z.string().refine((value) => dayStart(value) !== undefined, `Enter the ${label} as a date`);

export const promotionFieldsSchema = z
  .strictObject({
    code: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(
        z
          .string()
          .min(3, 'Enter a code of 3 to 32 letters, digits, - or _.')
          .max(32, 'Enter a code of 3 to 32 letters, digits, - or _.')
          .regex(/^[A-Z0-9_-]+$/, 'Enter a code of 3 to 32 letters, digits, - or _.'),
      )
      .optional(),
    label: z
      .string()
      .trim()
      .min(1, 'Enter how the promotion reads in the cart.')
      .max(80, 'At most 80 characters.'),
    kind: z.enum(PROMO_KINDS, 'Choose what the code gives.'),
    value: z.string().trim().default(''),
    minSubtotal: blankOr(cents('minimum subtotal')),
    minItems: blankOr(wholeNumber('minimum number of items', 0, 99)),
    firstOrder: z.literal('on').optional(),
    scope: z.enum(PROMO_SCOPES, 'Choose what the code applies to.'),
    scopeIds: z.string().trim().max(2000, 'At most 2,000 characters.').default(''),
    startsOn: blankOr(day('start date')),
    endsOn: blankOr(day('end date')),
    usageLimit: blankOr(wholeNumber('total limit', 1, 1_000_000)),
    perCustomerLimit: blankOr(wholeNumber('limit per customer', 1, 1_000)),
  })
  .transform((fields, ctx) => {
    let value = 0;
    if (fields.kind === 'percent') {
      const percent = wholeNumber('percent off', 1, 100).safeParse(fields.value);
      if (!percent.success) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter the percent off, from 1 to 100.' });
        return z.NEVER;
      }
      value = percent.data;
    } else if (fields.kind === 'fixed') {
      const amount = cents('amount off').safeParse(fields.value);
      if (!amount.success || amount.data < 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: 'Enter the amount off in dollars, such as 25.00',
        });
        return z.NEVER;
      }
      value = amount.data;
    }
    const scopeIds = [
      ...new Set(
        fields.scopeIds
          .split(/[\s,]+/)
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ];
    if (fields.scope !== 'all' && scopeIds.length === 0) {
      const what = fields.scope === 'category' ? 'category ids' : 'product ids';
      ctx.addIssue({ code: 'custom', path: ['scopeIds'], message: `Enter the ${what} it applies to.` });
      return z.NEVER;
    }
    const startsAt = fields.startsOn === undefined ? null : (dayStart(fields.startsOn) ?? null);
    // The end date is the last day the code works: it ends at the next midnight.
    const endsAt = fields.endsOn === undefined ? null : (dayStart(fields.endsOn, 1) ?? null);
    if (startsAt !== null && endsAt !== null && endsAt <= startsAt) {
      ctx.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: 'The end date must be on or after the start date.',
      });
      return z.NEVER;
    }
    return {
      code: fields.code,
      label: fields.label,
      kind: fields.kind,
      value,
      minSubtotal: fields.minSubtotal ?? 0,
      minItems: fields.minItems ?? 0,
      firstOrder: fields.firstOrder === 'on',
      scope: fields.scope,
      scopeIds: fields.scope === 'all' ? [] : scopeIds,
      startsAt,
      endsAt,
      usageLimit: fields.usageLimit ?? null,
      perCustomerLimit: fields.perCustomerLimit ?? null,
    };
  });

export type PromotionFields = z.infer<typeof promotionFieldsSchema>;

export const promotionIdSchema = z.strictObject({ promotion: z.string().min(1).max(40) });
