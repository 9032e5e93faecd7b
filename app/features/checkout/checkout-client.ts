import { postJson } from '~/lib/api-client';
import type { CheckoutDialogSlotProps } from '~/commerce/checkout/checkout-slot';
import { clearStoredPromo } from '~/commerce/promo/promo-storage';
import type { CheckoutSession } from '~/commerce/checkout/checkout';
import type { PaymentInput } from './checkout.schema';

/** Browser side of checkout: create-payment, process-payment, and what a paid order clears. */

export type Outcome<T> =
  { ok: true; data: T } | { ok: false; code?: string; message: string; fields?: Record<string, string> };

const FALLBACK = 'There was an error processing your payment';

export async function createSession(
  input: Pick<
    CheckoutDialogSlotProps,
    'lines' | 'account' | 'paymentMethod' | 'promoCode' | 'poNumber' | 'shipping' | 'destination'
  >,
): Promise<Outcome<CheckoutSession>> {
  const response = await postJson<CheckoutSession>('/api/checkout', {
    paymentMethod: input.paymentMethod,
    promoCode: input.promoCode,
    ...(input.poNumber ? { poNumber: input.poNumber } : {}),
    shipping: input.shipping,
    ...input.destination,
    // An account's cart is read on the server; a guest's lives only on this device.
    items: input.account
      ? []
      : input.lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
  });
  if (response.ok && response.data?.orderId) return { ok: true, data: response.data };
  if (response.ok) return { ok: false, message: 'Invalid response from payment service' };
  return { ok: false, code: response.code, message: response.message ?? FALLBACK, fields: response.fields };
}

export async function submitPayment(
  orderId: string,
  payment: PaymentInput,
  idempotencyKey: string,
): Promise<Outcome<{ url: string; reference: string }>> {
  const response = await postJson<{ success: boolean; url: string; reference: string }>(
    `/api/checkout/${encodeURIComponent(orderId)}/pay`,
    payment,
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  if (response.ok && response.data?.success) return { ok: true, data: response.data };
  return {
    ok: false,
    code: response.code,
    message: response.message ?? 'Payment processing failed',
    fields: response.fields,
  };
}

/** A paid order empties the cart (device and account) and forgets the promotion. */
export async function finishPurchase(forgetCart: () => Promise<void>): Promise<void> {
  clearStoredPromo();
  await forgetCart();
}
