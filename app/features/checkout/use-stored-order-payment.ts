import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CheckoutSession } from '~/commerce/checkout/checkout';
import { type PrescriptionChoice, sendPrescription } from '~/commerce/prescriptions/prescription-client';
import type { PaymentInput } from './checkout.schema';
import { submitPayment } from './checkout-client';

/**
 * Paying a stored order from its page (an approved order, an accepted quote's): the prescription
 * first when a line needs one, then the checkout's payment endpoint, then the order's page. The
 * returned `pay` is the payment form's `onPay`: the fields to mark come back on a refusal.
 */
export function useStoredOrderPayment(session: CheckoutSession) {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();

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

  return { processing, error, pay };
}
