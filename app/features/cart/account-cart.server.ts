import type { z } from 'zod';
import type { AppServices } from '#server/types';
import { refusedFields } from '#server/validate';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { type CartLine, LINE_LIMIT_MESSAGE, type LineLimit, stockLimitMessage } from '~/commerce/cart/cart';
import {
  addToCart,
  CartRuleError,
  clearCart,
  listCart,
  mergeIntoCart,
  removeFromCart,
  setCartQuantity,
} from '~/commerce/cart/cart.server';
import { formFields, formHoldsNul } from '~/lib/form-fields';
import { CART_FIELDS, type CartIntent, cartIntentOf } from './cart-form.schema';

/**
 * The signed-in shopper's cart changes, one function per intent of the cart's forms. Both doors
 * of POST /cart run them (docs/decisions/0045): the page's action for a browser without scripts
 * (cart-form.server.ts, which redirects) and the JSON answer ahead of the framework for the
 * page's script (cart-form-answer.server.ts, which sends the answer as it is). So there is one
 * set of rules, messages and statuses.
 */
export type CartRefusal = {
  ok: false;
  status: 400 | 404 | 409;
  code: string;
  message: string;
  fields?: Record<string, string>;
};
export type CartOutcome<T> = { ok: true; answer: T } | CartRefusal;

export interface AccountCartChange {
  services: AppServices;
  userId: string;
  form: FormData | URLSearchParams;
  /** The browser tab that asked (cart-tab.ts), named in the "changed" signal; null for none. */
  tab: string | null;
}

/** A cart rule's refusal: an unknown product is a bad request, the rest say what is so. */
export const RULE_STATUS = { unknown_product: 400, out_of_stock: 409, not_found: 404 } as const;

export function ruleRefusal(error: unknown): CartRefusal {
  if (!(error instanceof CartRuleError)) throw error;
  return { ok: false, status: RULE_STATUS[error.code], code: error.code, message: error.message };
}

const UNKNOWN_FORM = "This is not one of the cart's forms (add, quantity, remove, clear or merge).";

/** The form's fields for its intent, or why they are refused (one message per field). */
export function readCartFields<I extends CartIntent>(
  intent: I,
  form: FormData | URLSearchParams,
): { ok: true; data: z.output<(typeof CART_FIELDS)[I]> } | CartRefusal {
  const fields = formFields(form);
  // As parseBody and parseFormBody refuse it.
  if (formHoldsNul(fields))
    return {
      ok: false,
      status: 400,
      code: 'invalid_body',
      message: 'This request holds characters we cannot accept.',
    };
  const result = CART_FIELDS[intent].safeParse(fields);
  if (result.success) return { ok: true, data: result.data as z.output<(typeof CART_FIELDS)[I]> };
  return { ok: false, status: 400, code: 'invalid_body', ...refusedFields(result.error.issues) };
}

// Other tabs and devices read the cart again (the realtime sync, server/realtime); the tab that
// asked is named, so it skips the re-read. Not awaited: on PostgreSQL the signal is a NOTIFY, one
// more round trip the answer does not depend on, and a lost signal was never an error.
function changed({ services, userId, tab }: AccountCartChange) {
  void services.cartEvents.publish(userId, tab).catch(() => undefined);
}

export interface AddAnswer {
  item: CartLine;
  capped: boolean;
  limit: LineLimit | null;
  /** Why the line holds less than asked: the line maximum, or the stock left. */
  message: string | undefined;
}

async function add(change: AccountCartChange): Promise<CartOutcome<AddAnswer>> {
  const fields = readCartFields('add', change.form);
  if (!fields.ok) return fields;
  const { services, userId } = change;
  try {
    const { line, capped, limit } = await addToCart(
      services.database.db,
      catalogueOf(services),
      userId,
      fields.data.productId,
      fields.data.quantity,
    );
    changed(change);
    const message =
      limit?.reason === 'stock' ? stockLimitMessage(limit.left) : capped ? LINE_LIMIT_MESSAGE : undefined;
    return { ok: true, answer: { item: line, capped, limit, message } };
  } catch (error) {
    return ruleRefusal(error);
  }
}

async function quantity(change: AccountCartChange): Promise<CartOutcome<{ item: CartLine }>> {
  const fields = readCartFields('quantity', change.form);
  if (!fields.ok) return fields;
  try {
    const { lineId, quantity: next } = fields.data;
    const item = await setCartQuantity(change.services.database.db, change.userId, lineId, next);
    changed(change);
    return { ok: true, answer: { item } };
  } catch (error) {
    return ruleRefusal(error);
  }
}

async function remove(change: AccountCartChange): Promise<CartOutcome<{ ok: true }>> {
  const fields = readCartFields('remove', change.form);
  if (!fields.ok) return fields;
  try {
    await removeFromCart(change.services.database.db, change.userId, fields.data.lineId);
    changed(change);
    return { ok: true, answer: { ok: true } };
  } catch (error) {
    return ruleRefusal(error);
  }
}

async function clear(change: AccountCartChange): Promise<CartOutcome<{ ok: true }>> {
  const fields = readCartFields('clear', change.form);
  if (!fields.ok) return fields;
  await clearCart(change.services.database.db, change.userId);
  changed(change);
  return { ok: true, answer: { ok: true } };
}

export interface MergeAnswer {
  merged: number;
  /** Products no longer sold: left out, never an error. */
  skipped: string[];
  items: CartLine[];
}

/** The device cart's lines at sign-in (merge-guest-cart.ts): quantities add up, capped. */
async function merge(change: AccountCartChange): Promise<CartOutcome<MergeAnswer>> {
  const fields = readCartFields('merge', change.form);
  if (!fields.ok) return fields;
  const { services, userId } = change;
  const db = services.database.db;
  const result = await mergeIntoCart(db, catalogueOf(services), userId, fields.data);
  changed(change);
  return { ok: true, answer: { ...result, items: await listCart(db, userId) } };
}

export const ACCOUNT_CART_INTENTS = { add, quantity, remove, clear, merge } satisfies Record<
  CartIntent,
  (change: AccountCartChange) => Promise<CartOutcome<unknown>>
>;

/** The change the form's intent names; a form the cart does not have is refused (400). */
export function changeAccountCart(change: AccountCartChange): Promise<CartOutcome<unknown>> {
  const intent = cartIntentOf(change.form);
  if (!intent)
    return Promise.resolve({
      ok: false,
      status: 400,
      code: 'invalid_body',
      message: UNKNOWN_FORM,
      fields: { intent: UNKNOWN_FORM },
    });
  return ACCOUNT_CART_INTENTS[intent](change);
}
