import { useId, useState } from 'react';
import { primaryButton } from '~/components/ui/button-styles';
import { formatPrice } from '~/lib/money';
import { PromoCodeForm } from '../../promo/components/promo-code-form';
import { checkPromo, computeTotals, PROMOTIONS } from '../../promo/promo';
import { useStoredPromoCode } from '../../promo/promo-storage';
import { FREE_SHIPPING_TEXT } from '../../promo/shipping';
import { PAYMENT_METHOD_CHOICES, PAYMENT_METHODS, type PaymentMethod } from '../../checkout/checkout';
import type { CartLine } from '../cart';
import { itemCount } from '../item-count';

const METHODS = PAYMENT_METHODS.map((value) => ({ value, ...PAYMENT_METHOD_CHOICES[value] }));

interface OrderSummaryProps {
  lines: CartLine[];
  /** The session is being created: the button says 'Processing...'. */
  checkoutLoading: boolean;
  onCheckout: (method: PaymentMethod, promoCode: string | null) => void;
}

/** Totals (the one rules module, re-checked by the server), promo code and payment choice. */
export function OrderSummary({ lines, checkoutLoading, onCheckout }: OrderSummaryProps) {
  const applied = useStoredPromoCode();
  const [method, setMethod] = useState<PaymentMethod>('card');
  const id = useId();
  const count = itemCount(lines);
  const promo = PROMOTIONS.find((p) => p.code === applied);
  // A code whose terms the cart no longer meets (BESTSAVE10 with one item) gives no discount.
  const check = applied ? checkPromo(applied, { itemCount: count, isFirstOrder: true }) : undefined;
  const totals = computeTotals(lines, check?.ok ? promo : undefined);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-5 self-start rounded-lg border border-border p-5"
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        Order Summary
      </h2>
      <dl className="grid grid-cols-[1fr_auto] gap-y-2 [&>dd]:pl-4">
        <dt>Subtotal ({count === 1 ? '1 item' : `${count} items`})</dt>
        <dd className="text-right">{formatPrice(totals.subtotal)}</dd>
        <dt>Shipping</dt>
        <dd className="text-right">{totals.shipping === 0 ? 'Free' : formatPrice(totals.shipping)}</dd>
        {totals.discount > 0 ? (
          <>
            <dt>Discount ({applied})</dt>
            <dd className="text-right text-success">-{formatPrice(totals.discount)}</dd>
          </>
        ) : null}
        <dt className="border-t border-border pt-2 text-lg font-bold">Total</dt>
        <dd className="border-t border-border pt-2 text-right text-lg font-bold">
          {formatPrice(totals.total)}
        </dd>
      </dl>
      <PromoCodeForm applied={applied} appliedCheck={check} itemCount={count} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-bold">Payment method</legend>
        {METHODS.map((m) => (
          // The whole box is the click target; the brands describe the option, not name it.
          <label
            key={m.value}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 hover:bg-surface"
          >
            <input
              type="radio"
              name={`${id}-payment-method`}
              value={m.value}
              checked={method === m.value}
              onChange={() => setMethod(m.value)}
              aria-labelledby={`${id}-${m.value}`}
              aria-describedby={`${id}-${m.value}-hint`}
              className="mt-1 h-5 w-5 shrink-0"
            />
            <span className="flex flex-col">
              <span id={`${id}-${m.value}`} className="font-bold">
                {m.label}
              </span>
              <span id={`${id}-${m.value}-hint`} className="text-sm text-muted">
                {m.hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-2">
        <button
          type="button"
          className={`${primaryButton} text-lg`}
          disabled={lines.length === 0 || checkoutLoading}
          onClick={() => onCheckout(method, check?.ok ? (applied ?? null) : null)}
        >
          {checkoutLoading ? 'Processing...' : 'Proceed to Checkout'}
        </button>
      </div>
      <div className="text-sm text-muted">
        <p>{FREE_SHIPPING_TEXT}</p>
        <p>Taxes calculated at checkout</p>
      </div>
    </section>
  );
}
