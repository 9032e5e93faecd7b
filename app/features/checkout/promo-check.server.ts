import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { sessionUser } from '#server/auth/auth';
import { apiError, asksForJson } from '#server/http-error';
import type { AppBindings, AppServices } from '#server/types';
import { lineItemsSchema, type LineItem } from '~/commerce/cart/cart.schema';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { normalizePromoCode, type PromoSummary, promoSummary } from '~/commerce/promo/promo';
import { promotionsOf } from '~/commerce/promo/promotion-store.server';
import { shopSettingsOf } from '~/commerce/shop-settings-store.server';
import { quoteOrder, type QuoteUser } from './quote.server';

/**
 * Applying a promo code: the server says whether it gives anything to this cart (the browser no
 * longer holds the codes, docs/decisions/0052). The cart page's form posts `intent=promo` to
 * /cart; without scripts the route's action runs checkPromoForCart, with scripts this handler
 * answers JSON ahead of the framework (docs/decisions/0045), with the device cart's lines as
 * `productId`/`quantity` pairs (a signed-in shopper's cart is read from the account).
 */
export type PromoAnswer = { ok: true; promo: PromoSummary } | { ok: false; message: string };

export async function checkPromoForCart(
  services: AppServices,
  user: QuoteUser | null,
  items: readonly LineItem[],
  code: string,
): Promise<PromoAnswer> {
  if (!normalizePromoCode(code)) return { ok: false, message: 'Please enter a promo code' };
  const promotions = promotionsOf(services);
  const deps = {
    db: services.database.db,
    catalogue: catalogueOf(services),
    promotions,
    settings: shopSettingsOf(services),
  };
  const { quote } = await quoteOrder(
    deps,
    user,
    { items, promoCode: code, shipping: 'standard' },
    { strict: false },
  );
  const promo = quote.promoCode ? promotions.find(quote.promoCode) : undefined;
  if (promo) return { ok: true, promo: promoSummary(promo) };
  return { ok: false, message: quote.promoMessage ?? 'Invalid promo code' };
}

const many = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

const promoFieldsSchema = z
  .strictObject({
    intent: z.literal('promo'),
    code: z.string().max(100, 'Invalid promo code'),
    productId: z.preprocess(many, z.array(z.string())),
    quantity: z.preprocess(many, z.array(z.coerce.number())),
  })
  .transform((fields, ctx) => {
    const items = lineItemsSchema.safeParse(
      fields.productId.map((productId, index) => ({ productId, quantity: fields.quantity[index] })),
    );
    if (!items.success) {
      ctx.addIssue({
        code: 'custom',
        message: 'Please reload your cart and try again.',
        path: ['productId'],
      });
      return z.NEVER;
    }
    return { code: fields.code, items: items.data };
  });

function formObject(form: FormData | URLSearchParams): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form) {
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [...many(previous), value];
  }
  return fields;
}

/** POST /cart with `intent=promo`, asking for JSON: every other request goes on. */
export function promoFormAnswer(services: AppServices): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if (!asksForJson(c) || !c.req.header('content-type')?.startsWith('application/x-www-form-urlencoded'))
      return next();
    const form = new URLSearchParams(await c.req.text());
    if (form.get('intent') !== 'promo') return next();
    c.header('Cache-Control', 'no-store');
    const parsed = promoFieldsSchema.safeParse(formObject(form));
    if (!parsed.success)
      return apiError(c, 400, 'invalid_body', parsed.error.issues[0]?.message ?? 'Invalid promo code');
    const user = await sessionUser(services.auth, c.req.raw.headers);
    const answer = await checkPromoForCart(services, user, parsed.data.items, parsed.data.code);
    if (answer.ok) return c.json(answer.promo);
    return apiError(c, 400, 'promo_not_applicable', answer.message);
  };
}
