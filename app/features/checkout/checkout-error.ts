/** An expected checkout failure: the route turns it into a JSON error with this status. */
export type CheckoutErrorCode =
  | 'payment_not_configured'
  | 'empty_cart'
  | 'unknown_product'
  | 'out_of_stock'
  | 'sold_out'
  | 'promo_not_applicable'
  | 'shipping_unavailable'
  | 'address_not_found'
  | 'not_found'
  | 'order_closed'
  | 'method_mismatch'
  | 'idempotency_mismatch'
  | 'payment_declined'
  | 'payment_error'
  | 'payment_in_progress'
  | 'prescription_card_only'
  | 'prescription_required'
  | 'approval_required'
  | 'over_limit'
  | 'po_required'
  | 'terms_refused';

export const CHECKOUT_ERROR_STATUS: Record<CheckoutErrorCode, number> = {
  payment_not_configured: 503,
  empty_cart: 400,
  unknown_product: 409,
  out_of_stock: 409,
  sold_out: 409,
  promo_not_applicable: 409,
  shipping_unavailable: 409,
  address_not_found: 404,
  not_found: 404,
  order_closed: 409,
  method_mismatch: 409,
  idempotency_mismatch: 409,
  payment_declined: 402,
  payment_error: 502,
  payment_in_progress: 409,
  prescription_card_only: 409,
  prescription_required: 409,
  approval_required: 409,
  over_limit: 409,
  po_required: 400,
  terms_refused: 409,
};

export class CheckoutError extends Error {
  constructor(
    readonly code: CheckoutErrorCode,
    message: string,
    /** A form field's own message (the PO number's), shown next to it. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}
