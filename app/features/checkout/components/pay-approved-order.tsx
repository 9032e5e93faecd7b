import { useState } from 'react';
import { primaryButton } from '~/components/ui/button-styles';
import type { CheckoutSession } from '~/commerce/checkout/checkout';
import { formatPrice } from '~/commerce/money';
import { useStoredOrderPayment } from '../use-stored-order-payment';
import { PaymentForm } from './payment-form';

/**
 * "Pay now" on the page of an approved order: the checkout's payment form, for the stored amount.
 * An order on invoice terms is placed at approval; it shows here only when the terms refused it
 * then (over the credit limit, an overdue invoice), to be placed once they allow.
 */
export function PayApprovedOrder({ session }: { session: CheckoutSession }) {
  const [open, setOpen] = useState(false);
  const { processing, error, pay } = useStoredOrderPayment(session);
  const onTerms = session.paymentMethod === 'invoice';

  return (
    <section aria-labelledby="pay-approved-heading" className="mt-8 rounded-md border-2 border-success p-4">
      <h2 id="pay-approved-heading" className="text-xl font-bold">
        {onTerms ? 'Approved: ready to place on invoice terms' : 'Approved: ready to pay'}
      </h2>
      <p className="mt-1">
        {onTerms
          ? `Your organisation approved this order for ${formatPrice(session.amount)}, but its invoice terms did not allow it yet. Place it within 7 days of the approval; after that it is cancelled.`
          : `Your organisation approved this order for ${formatPrice(session.amount)}. Pay for it within 7 days of the approval; after that it is cancelled.`}
      </p>
      {open ? (
        <div className="mt-4">
          <PaymentForm session={session} processing={processing} error={error} onPay={pay} />
        </div>
      ) : (
        <button type="button" className={`${primaryButton} mt-3`} onClick={() => setOpen(true)}>
          {onTerms ? 'Place order' : 'Pay now'}
        </button>
      )}
    </section>
  );
}
