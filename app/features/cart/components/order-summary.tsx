import { useId } from 'react';
import { formatPrice } from '~/commerce/money';
import { primaryButton } from '~/components/ui/button-styles';
import { ChoiceGroup } from '~/components/ui/choice-group';
import { PromoCodeForm } from '~/commerce/components/promo-code-form';
import { freeShippingText } from '~/commerce/shipping';
import { useShippingFigures } from '~/commerce/shipping-figures';
import {
  OPEN_PAYMENT_METHODS,
  PAYMENT_METHOD_CHOICES,
  type PaymentMethod,
} from '~/commerce/checkout/checkout';
import type { QuoteState } from '~/commerce/checkout/use-order-quote';
import { ShippingOptionsField } from '~/commerce/components/shipping-options-field';
import type { ShippingChoice } from '~/commerce/delivery/shipping-options';
import { OrderTotals } from '~/commerce/components/order-totals';
import type { CartLine } from '~/commerce/cart/cart';
import type { CartBuying } from '~/commerce/organisations/organisations';
import { type PurchaseOrder, PurchaseOrderField } from '~/commerce/components/purchase-order-field';

/** Paying on the organisation's terms, offered to its members while the terms are open. */
const invoiceChoice = (buying: CartBuying) => ({
  value: 'invoice' as const,
  label: `Pay by invoice (net ${buying.termsDays})`,
  hint: `On ${buying.organisation}'s terms: no card needed`,
});

const METHODS = OPEN_PAYMENT_METHODS.map((value) => ({ value, ...PAYMENT_METHOD_CHOICES[value] }));

interface OrderSummaryProps {
  lines: CartLine[];
  /** The server's figures for the cart, the option and the state as they are now. */
  quote: QuoteState;
  applied: string | null;
  /** How the applied code reads, as the server said when it was applied (null without scripts). */
  appliedLabel: string | null;
  shipping: ShippingChoice;
  onShippingChange: (choice: ShippingChoice) => void;
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  /** The session is being created: the button says 'Processing...'. */
  checkoutLoading: boolean;
  onCheckout: () => void;
  /** The address form Proceed to Checkout posts without scripts. */
  checkoutForm?: string;
  /** Why the server refused a code posted without scripts. */
  promoMessage?: string;
  /** A member of an organisation: the purchase order field, and invoice terms when open. */
  buying?: CartBuying | null;
  purchaseOrder?: PurchaseOrder;
}

/** The server's totals, the shipping option, the promo code and the payment choice. */
export function OrderSummary(props: OrderSummaryProps) {
  const { lines, quote, applied, appliedLabel, shipping, onShippingChange, method, onMethodChange } = props;
  const { checkoutLoading, onCheckout, checkoutForm, promoMessage, buying, purchaseOrder } = props;
  const methods = buying?.termsDays && !buying.held ? [...METHODS, invoiceChoice(buying)] : METHODS;
  const id = useId();
  const current = quote.quote;
  const freeShipping = freeShippingText(useShippingFigures()?.freeFrom ?? null);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-5 self-start rounded-lg border border-border p-5"
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        Order Summary
      </h2>
      {current && current.offers.length > 0 ? (
        <ShippingOptionsField
          offers={current.offers}
          value={shipping}
          onChange={onShippingChange}
          freightItems={current.freightItems}
          form={checkoutForm}
        />
      ) : null}
      {/* Busy while a newer answer is on its way; the figures are announced once, when they settle. */}
      <div aria-busy={quote.pending} aria-live="polite">
        {current ? (
          <OrderTotals
            order={current}
            itemCount={current.itemCount}
            totalLabel="Total"
            className="gap-y-2"
            totalClassName="border-t border-border pt-2 text-lg font-bold"
          />
        ) : quote.failed ? (
          <p role="alert">We could not work out your total just now. Please try again.</p>
        ) : (
          <p>Calculating your total...</p>
        )}
        {current?.promoMessage ? <p className="mt-2 text-sm text-danger">{current.promoMessage}</p> : null}
        {current && current.hsaFsaSubtotal > 0 ? (
          <p className="mt-2 text-sm">
            HSA/FSA-eligible subtotal: <strong>{formatPrice(current.hsaFsaSubtotal)}</strong>. Your receipt
            lists each item&apos;s eligibility for your plan.
          </p>
        ) : null}
      </div>
      <PromoCodeForm applied={applied} label={appliedLabel} lines={lines} serverMessage={promoMessage} />
      <ChoiceGroup
        legend="Payment method"
        choices={methods.map((m) => ({ value: m.value, label: m.label, detail: m.hint }))}
        value={method}
        onChange={onMethodChange}
      />
      {buying?.held ? <p className="text-sm">Pay by invoice is paused: {buying.held}</p> : null}
      {buying && purchaseOrder ? (
        <PurchaseOrderField buying={buying} purchaseOrder={purchaseOrder} form={checkoutForm} />
      ) : null}
      <div className="flex flex-col gap-2">
        <button
          type="submit"
          form={checkoutForm}
          className={`${primaryButton} text-lg`}
          disabled={lines.length === 0 || checkoutLoading}
          onClick={(event) => {
            event.preventDefault();
            onCheckout();
          }}
        >
          {checkoutLoading ? 'Processing...' : 'Proceed to Checkout'}
        </button>
      </div>
      <div className="text-sm text-muted">
        {freeShipping ? <p>{freeShipping}</p> : null}
        {!current || current.tax === null ? <p>Taxes calculated at checkout</p> : null}
      </div>
    </section>
  );
}
