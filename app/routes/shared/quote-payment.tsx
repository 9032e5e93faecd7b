import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CheckoutSession } from '~/commerce/checkout/checkout';
import { type PrescriptionChoice, sendPrescription } from '~/commerce/prescriptions/prescription-client';
import { submitPayment } from '~/features/checkout/checkout-client';
import type { PaymentInput } from '~/features/checkout/checkout.schema';
import { PaymentForm } from '~/features/checkout/components/payment-form';
import { useHydrated } from '~/lib/use-hydrated';

/**
 * The checkout's payment step for an accepted quote's order, composed here so the quotes feature
 * does not import the checkout: the amount is the stored order's, charged by the same endpoint.
 */
export function QuotePayment({ session }: { session: CheckoutSession }) {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  if (!hydrated) {
    return <p>Paying needs JavaScript turned on in your browser, or call us to pay by phone.</p>;
  }

  async function pay(payment: PaymentInput, key: string, prescription: PrescriptionChoice | undefined) {
    setProcessing(true);
    setError(null);
    if (prescription) {
      const sent = await sendPrescription(session.orderId, prescription);
      if (!sent.ok) {
        setProcessing(false);
        setError(sent.message);
        return sent.fields;
      }
    }
    const result = await submitPayment(session.orderId, payment, key);
    if (!result.ok) {
      setProcessing(false);
      setError(result.message);
      return result.fields;
    }
    void navigate(result.data.url);
    return undefined;
  }

  return (
    <div className="rounded-md border border-border p-4">
      <h3 className="mb-4 text-xl font-bold">Pay by card</h3>
      <PaymentForm session={session} processing={processing} error={error} onPay={pay} />
    </div>
  );
}
