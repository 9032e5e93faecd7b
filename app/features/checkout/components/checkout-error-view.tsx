import * as Dialog from '@radix-ui/react-dialog';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { STORE } from '~/lib/store-info';
import { isConfigurationError } from '~/commerce/checkout/checkout';

/** The dialog's error view: what happened, that the cart is safe, and a way out. */
export function CheckoutErrorView({ message, onClose }: { message: string; onClose: () => void }) {
  const configuration = isConfigurationError(message);
  return (
    <div className="flex flex-col gap-4">
      <Dialog.Title className="text-xl font-bold sm:text-2xl">
        {configuration ? 'Payment Configuration Required' : 'Checkout Error'}
      </Dialog.Title>
      <Dialog.Description className="text-muted">
        {configuration
          ? 'The payment system needs to be configured before you can complete your checkout.'
          : 'We could not start your checkout.'}
      </Dialog.Description>
      <p className="font-bold">Your cart has been saved</p>
      <div className="rounded-md border border-border bg-surface p-3">
        <p className="font-bold">Payment processing error</p>
        <p>
          Please check your payment details and try again. If the problem continues, contact support at{' '}
          <a className="font-bold underline" href={STORE.phoneHref}>
            {STORE.phone}
          </a>{' '}
          or{' '}
          <a className="font-bold underline" href={`mailto:${STORE.supportEmail}`}>
            {STORE.supportEmail}
          </a>
          .
        </p>
      </div>
      <div role="alert" className="rounded-md border-2 border-danger p-3">
        <p className="font-bold text-danger">Payment Error</p>
        <p>{message}</p>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        {configuration ? (
          <button type="button" className={secondaryButton} onClick={onClose}>
            Try Again Later
          </button>
        ) : null}
        <button type="button" className={primaryButton} onClick={onClose}>
          Continue Shopping
        </button>
      </div>
    </div>
  );
}
