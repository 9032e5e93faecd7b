// @vitest-environment happy-dom
import * as Dialog from '@radix-ui/react-dialog';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutErrorView } from './checkout-error-view';

function renderView(message: string, onClose = vi.fn()) {
  render(
    <Dialog.Root open>
      <Dialog.Content>
        <CheckoutErrorView message={message} onClose={onClose} />
      </Dialog.Content>
    </Dialog.Root>,
  );
  return onClose;
}

describe('CheckoutErrorView', () => {
  afterEach(cleanup);

  it('names a configuration error and offers both ways out', () => {
    const onClose = renderView('Payments are not configured on this store yet.');
    expect(screen.getByRole('dialog', { name: 'Payment Configuration Required' })).toBeTruthy();
    expect(
      screen.getByText('The payment system needs to be configured before you can complete your checkout.'),
    ).toBeTruthy();
    expect(screen.getByText('Your cart has been saved')).toBeTruthy();
    expect(screen.getByText('Payment processing error')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Payment Error');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again Later' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue Shopping' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('shows any other failure as a checkout error with the message', () => {
    renderView('An item in your cart is no longer available. Please remove it and try again.');
    expect(screen.getByRole('dialog', { name: 'Checkout Error' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again Later' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('no longer available');
  });
});
