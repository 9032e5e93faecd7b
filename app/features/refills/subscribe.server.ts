import { type AppLoadContext, data, redirect } from 'react-router';
import { tooManyAttempts } from '#server/rate-limit';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { CARD_FIELDS, savedCardSchema } from '~/commerce/checkout/card.schema';
import { listAddresses } from '~/commerce/delivery/address-book.server';
import { ADDRESS_FIELDS } from '~/commerce/delivery/address-book';
import { addressSchema } from '~/commerce/delivery/address.schema';
import { shippingOffers } from '~/commerce/delivery/shipping-options';
import {
  defaultFirstDate,
  firstDateRange,
  REFILL_PLAN_FIELDS,
  refillPlanSchema,
} from '~/commerce/refills/refill-plans';
import { createRefillPlan, RefillPlanError } from '~/commerce/refills/refill-plans.server';
import { ACCOUNT_REFILLS_PATH } from '~/commerce/refills/refill-paths';
import { shopSettingsOf } from '~/commerce/shop-settings-store.server';
import { answer, invalidFields, runIntent } from '~/lib/form-action.server';
import { type FormAnswer, textFields } from '~/lib/form-answer';
import { requireUser } from '~/lib/session.server';
import { storeDate } from '~/lib/store-time';
import { cardOf, CARD_NOT_SAVED } from './refill-card.server';

/**
 * /account/refills/new (docs/decisions/0064): the product page's "Deliver every N weeks" leads
 * here (a guest signs in first and comes back). The shopper picks the interval, the quantity,
 * the first delivery's date, the address, the shipping option and the card; the card is saved
 * at the gateway and the plan keeps its token only.
 */

/** Card testers try many cards: a shopper never needs more than a few tries. */
export const CARD_SAVE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

const whole = (value: string | null, min: number, max: number) => {
  const n = Number(value);
  return value && /^\d{1,3}$/.test(value) && n >= min && n <= max ? n : undefined;
};

export async function subscribePageData(context: AppLoadContext, request: Request) {
  const user = await requireUser(context, request);
  const params = new URL(request.url).searchParams;
  const product = catalogueOf(context.services).getProduct(params.get('product') ?? '');
  if (!product?.refillWeeks?.length) throw data(null, { status: 404 });
  const intervals = product.refillWeeks;
  const askedWeeks = whole(params.get('weeks'), 1, 52);
  const weeks = askedWeeks && intervals.includes(askedWeeks) ? askedWeeks : (intervals[0] ?? 4);
  const quantity = whole(params.get('quantity'), 1, 99) ?? 1;
  const today = storeDate(Date.now());
  const { services } = context;
  return {
    product: {
      id: product.id,
      name: product.name,
      price: product.price,
      image: product.image,
      imageAlt: product.images[0]?.alt ?? product.name,
      link: product.link,
      prescriptionRequired: product.prescriptionRequired,
    },
    intervals,
    weeks,
    quantity,
    firstDate: defaultFirstDate(today, weeks),
    dateRange: firstDateRange(today),
    addresses: await listAddresses(services.database.db, user.id),
    offers: shippingOffers(
      {
        subtotal: product.price * quantity,
        itemCount: quantity,
        freeShippingCode: false,
        freight: product.freightOnly,
      },
      shopSettingsOf(services).shipping,
    ),
    freightItems: product.freightOnly ? [product.name] : [],
    available: Boolean(services.payments.vault),
  };
}

const NOT_SET_UP = 'Your refill plan was not set up: please correct what is marked.';

export async function subscribeAction(context: AppLoadContext, request: Request) {
  const user = await requireUser(context, request);
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async subscribe({ form }) {
        const intent = 'subscribe';
        // What is sent back to fill the form in again: never the card.
        const values = textFields(form, [...REFILL_PLAN_FIELDS, ...ADDRESS_FIELDS]);
        const plan = refillPlanSchema.safeParse(textFields(form, REFILL_PLAN_FIELDS));
        const newAddress = !plan.success || plan.data.addressId === '';
        const address = newAddress ? addressSchema.safeParse(textFields(form, ADDRESS_FIELDS)) : undefined;
        const card = savedCardSchema.safeParse(textFields(form, CARD_FIELDS));
        if (!plan.success || address?.success === false || !card.success) {
          return invalidFields<FormAnswer>({ intent, values, message: NOT_SET_UP }, [
            ...(plan.success ? [] : plan.error.issues),
            ...(address?.success === false ? address.error.issues : []),
            ...(card.success ? [] : card.error.issues),
          ]);
        }
        const { services } = context;
        const limit = await services.rateLimiter.hit(`card-save:ip:${context.clientIp}`, CARD_SAVE_LIMIT);
        if (!limit.allowed) {
          return answer<FormAnswer>(
            { intent, ok: false, values, message: tooManyAttempts(limit.retryAfterSeconds) },
            { status: 429, headers: new Headers({ 'Retry-After': String(limit.retryAfterSeconds) }) },
          );
        }
        try {
          const created = await createRefillPlan(
            {
              db: services.database.db,
              vault: services.payments.vault,
              shipping: shopSettingsOf(services).shipping,
            },
            user,
            { plan: plan.data, address: address?.data, card: cardOf(card.data) },
          );
          return redirect(`${ACCOUNT_REFILLS_PATH}?created=${created.planId}`);
        } catch (error) {
          if (!(error instanceof RefillPlanError)) throw error;
          const fields = error.field ? { [error.field]: error.message } : undefined;
          const message =
            error.field === 'cardNumber' ? CARD_NOT_SAVED : error.field ? NOT_SET_UP : error.message;
          return answer<FormAnswer>({ intent, ok: false, values, message, fields }, { status: error.status });
        }
      },
    },
  );
}
