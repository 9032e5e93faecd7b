import { OrderTotals } from '~/commerce/components/order-totals';
import type { OrderQuote } from '~/commerce/checkout/quote';

interface PaymentStepPreviewProps {
  /** The destination as one line (addressSummary). */
  shipsTo: string;
  /** The figures for that destination, tax included. */
  quote: OrderQuote | null;
}

/**
 * Where a shopper without scripts lands after a valid shipping address (docs/decisions/0044):
 * the payment step's title, where the order ships and the figures it will be charged. The card
 * and bank forms themselves run in the payment dialog, which needs scripts for the processor.
 */
export function PaymentStepPreview({ shipsTo, quote }: PaymentStepPreviewProps) {
  return (
    <section
      aria-labelledby="payment-step-title"
      className="mb-8 flex flex-col gap-4 rounded-lg border border-border p-5"
    >
      <h2 id="payment-step-title" className="text-2xl font-bold">
        Secure Checkout - Card Payment
      </h2>
      <p>
        <span className="font-bold">Ships to:</span> {shipsTo}
      </p>
      {quote ? (
        <OrderTotals order={quote} itemCount={quote.itemCount} totalLabel="Total" className="gap-y-2" />
      ) : null}
      <p role="status">
        Payment needs JavaScript: please turn it on in your browser to enter your card securely.
      </p>
    </section>
  );
}
