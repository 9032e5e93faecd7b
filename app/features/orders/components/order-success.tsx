import { CircleCheck } from 'lucide';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Icon } from '~/components/ui/icon';
import { loadCartClient } from '../../cart/cart-state';
import { PAYMENT_METHOD_LABELS } from '../../checkout/checkout';

const REFERENCE = /^MS-[2-9A-HJKMNP-Z]{8}$/;

/**
 * The order confirmation of spec §2. Only a well-formed reference is shown: the address is
 * shareable, so it must not let anyone print their own text on our page.
 */
export function OrderSuccess({
  reference,
  paymentMethod,
}: {
  reference: string | null;
  paymentMethod: string | null;
}) {
  useEffect(() => {
    void loadCartClient().then((cart) => cart.refreshCart());
  }, []);
  const shownReference = reference && REFERENCE.test(reference) ? reference : null;
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-12 text-center">
      <Icon icon={CircleCheck} size={64} className="text-success" />
      <h1 className="text-3xl font-bold sm:text-4xl">Thank You for Your Order!</h1>
      {shownReference ? (
        <p className="text-lg">
          Order reference: <strong>{shownReference}</strong>
        </p>
      ) : null}
      <section aria-labelledby="payment-status" className="w-full rounded-lg border border-border p-5">
        <h2 id="payment-status" className="text-xl font-bold text-success">
          Payment Successful
        </h2>
        {paymentMethod ? (
          <p className="mt-1">
            {/* Spec §2: bank_transfer, or a card for any other given value. */}
            {`Paid with ${PAYMENT_METHOD_LABELS[paymentMethod === 'bank_transfer' ? 'bank_transfer' : 'card']}`}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="order-processing" className="w-full rounded-lg border border-border p-5">
        <h2 id="order-processing" className="text-xl font-bold">
          Order processing
        </h2>
        <p className="mt-1">Your order will be prepared for shipping soon</p>
        <p className="mt-1 text-muted">We have emailed you a confirmation with your order details.</p>
      </section>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Link to="/category/featured" className={primaryButton}>
          Continue Shopping
        </Link>
        <Link to="/" className={secondaryButton}>
          Return to Home
        </Link>
      </div>
    </div>
  );
}
