import type { CheckoutSession } from '~/commerce/checkout/checkout';
import { PaymentForm } from '~/features/checkout/components/payment-form';
import { useStoredOrderPayment } from '~/features/checkout/use-stored-order-payment';
import { useHydrated } from '~/lib/use-hydrated';

/**
 * The checkout's payment step for an accepted quote's order, composed here so the quotes feature
 * does not import the checkout: the amount is the stored order's, paid by the same endpoint (by
 * card, or placed on the organisation's invoice terms when the quote was accepted on them).
 */
export function QuotePayment({ session }: { session: CheckoutSession }) {
  const { processing, error, pay } = useStoredOrderPayment(session);
  const hydrated = useHydrated();
  if (!hydrated) {
    return <p>Paying needs JavaScript turned on in your browser, or call us to pay by phone.</p>;
  }
  return (
    <div className="rounded-md border border-border p-4">
      <h3 className="mb-4 text-xl font-bold">
        {session.paymentMethod === 'invoice' ? 'Place on invoice terms' : 'Pay by card'}
      </h3>
      <PaymentForm session={session} processing={processing} error={error} onPay={pay} />
    </div>
  );
}
