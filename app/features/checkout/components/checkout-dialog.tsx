import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { notify } from '~/lib/toast';
import type { CheckoutDialogSlotProps } from '~/commerce/checkout/checkout-slot';
import { ADDRESS_BOOK_FULL } from '~/commerce/delivery/address-book';
import {
  type CheckoutSession,
  EMPTY_CART_MESSAGE,
  EMPTY_CART_TITLE,
  REDIRECT_DELAY_MS,
} from '~/commerce/checkout/checkout';
import { createSession, finishPurchase, submitPayment } from '../checkout-client';
import type { PaymentInput } from '../checkout.schema';
import { CheckoutErrorView } from './checkout-error-view';
import { PaymentForm } from './payment-form';
import { type PrescriptionChoice, sendPrescription } from '~/commerce/prescriptions/prescription-client';
import { PRESCRIPTION_TEXT } from '~/commerce/prescriptions/prescriptions';

/** The slot the cart page declares for this dialog: its props are the cart's to define. */
export type CheckoutDialogProps = CheckoutDialogSlotProps;

type View =
  | { name: 'creating' }
  | { name: 'form'; session: CheckoutSession }
  // Over the buyer's spending limit: the order waits for the organisation's approvers.
  | { name: 'approval'; message: string }
  | { name: 'error'; message: string }
  | { name: 'success'; session: CheckoutSession };

const TEXT = {
  card: {
    title: 'Secure Checkout - Card Payment',
    description: 'Enter your payment card information securely below',
  },
  bank_transfer: {
    title: 'Secure Checkout - Bank Transfer',
    description: 'Enter your bank account information securely below',
  },
  invoice: {
    title: 'Checkout - Pay by Invoice',
    description: "Place your order on your organisation's invoice terms: no card is needed",
  },
} as const;

/** The checkout dialog: session, payment form, success or error. Loaded on demand. */
export default function CheckoutDialog(props: CheckoutDialogProps) {
  const { open, onOpenChange, paymentMethod, onSettled } = props;
  const [view, setView] = useState<View>({ name: 'creating' });
  const [processing, setProcessing] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const navigate = useNavigate();
  const started = useRef(false);
  const request = useRef(props);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { lines, account, promoCode, poNumber, shipping, destination } = request.current;
    const keep = 'address' in destination && destination.saveAddress;
    void createSession({ lines, account, paymentMethod, promoCode, poNumber, shipping, destination }).then(
      (result) => {
        onSettled();
        if (result.ok && result.data.approval) {
          setView({ name: 'approval', message: result.data.approval.message });
        } else if (result.ok) {
          setView({ name: 'form', session: result.data });
          if (keep && account && !result.data.addressSaved) {
            notify.info('Address not saved', { description: ADDRESS_BOOK_FULL });
          }
          if (result.data.mock) {
            notify.info('Development Mode', {
              description:
                'Payments use the test gateway: no money moves. Card 4242 4242 4242 4242 is approved.',
            });
          }
        } else if (result.code === 'empty_cart') {
          notify.error(EMPTY_CART_TITLE, { description: EMPTY_CART_MESSAGE });
          setView({ name: 'error', message: EMPTY_CART_MESSAGE });
        } else {
          notify.error('Checkout failed', {
            description: 'There was an error processing your checkout. Please try again.',
          });
          setView({ name: 'error', message: result.message });
        }
      },
    );
  }, [paymentMethod, onSettled]);

  async function pay(payment: PaymentInput, key: string, prescription: PrescriptionChoice | undefined) {
    if (view.name !== 'form') return undefined;
    setProcessing(true);
    setPayError(null);
    if (prescription) {
      // Sent before every press of Pay (a new choice replaces the last): the server keeps one.
      const sent = await sendPrescription(view.session.orderId, prescription);
      if (!sent.ok) {
        setProcessing(false);
        setPayError(sent.message);
        notify.error('Prescription not sent', { description: sent.message });
        return sent.fields;
      }
    }
    const result = await submitPayment(view.session.orderId, payment, key);
    if (!result.ok) {
      setProcessing(false);
      setPayError(result.message);
      notify.error('Payment Failed', { description: result.message });
      return result.fields;
    }
    const session = view.session;
    setView({ name: 'success', session });
    if (session.prescriptionRequired) {
      notify.success('Order placed', { description: PRESCRIPTION_TEXT.authorised });
    } else {
      notify.success('Payment Successful', { description: 'Your order has been placed successfully.' });
    }
    // The spec's 1.5 s run from the success message, while the cart is emptied: waiting for the
    // cart first and then 1.5 s more made the redirect as slow as both added up.
    const shown = new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS));
    await Promise.all([finishPurchase(props.onPurchased).catch(() => undefined), shown]);
    void navigate(result.data.url);
    return undefined;
  }

  const locked = processing || view.name === 'success';
  const text = TEXT[paymentMethod];
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !locked && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          onEscapeKeyDown={(event) => locked && event.preventDefault()}
          onInteractOutside={(event) => locked && event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 max-h-[95vh] w-[calc(100vw-1rem)] max-w-[600px] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-bg p-5 shadow-xl sm:p-6"
        >
          {view.name === 'error' ? (
            <CheckoutErrorView message={view.message} onClose={() => onOpenChange(false)} />
          ) : (
            <>
              <div className="mb-4 flex items-start justify-between gap-3">
                <div>
                  <Dialog.Title className="text-xl font-bold sm:text-2xl">{text.title}</Dialog.Title>
                  <Dialog.Description className="mt-1 text-muted">{text.description}</Dialog.Description>
                </div>
                <Dialog.Close
                  disabled={locked}
                  aria-label="Close checkout"
                  className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md hover:bg-surface disabled:opacity-50"
                >
                  <Icon icon={X} size={20} />
                </Dialog.Close>
              </div>
              {view.name === 'creating' ? (
                <p role="status" className="py-10 text-center text-lg">
                  Creating payment session...
                </p>
              ) : view.name === 'approval' ? (
                <div role="status" className="flex flex-col gap-3 py-6">
                  <p className="text-xl font-bold">Sent for approval</p>
                  <p>{view.message}</p>
                  <a href="/account/organisation/approvals" className="font-bold underline">
                    See your approval requests
                  </a>
                </div>
              ) : view.name === 'success' ? (
                <div role="status" className="flex flex-col items-center gap-2 py-10 text-center">
                  <p className="text-2xl font-bold text-success">
                    {view.session.prescriptionRequired ? 'Card authorised' : 'Payment Successful'}
                  </p>
                  <p>Redirecting to order confirmation...</p>
                </div>
              ) : (
                <PaymentForm session={view.session} processing={processing} error={payError} onPay={pay} />
              )}
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
