import { CircleCheck, SearchX } from 'lucide';
import { PAYMENT_STATES, STATUS } from '~/commerce/order-states';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Icon } from '~/components/ui/icon';
import { formatPrice } from '~/commerce/money';
import { PAYMENT_METHOD_LABELS } from '~/commerce/checkout/checkout';
import { authorizedPaymentText, type OrderView, paymentDescription } from '~/commerce/orders/orders';
import { OrderDelivery } from './order-delivery';
import { OrderTotals } from '~/commerce/components/order-totals';

function OnwardLinks() {
  return (
    <div className="mt-4 flex flex-wrap justify-center gap-3">
      <Link to="/category/featured" className={primaryButton}>
        Continue Shopping
      </Link>
      <Link to="/" className={secondaryButton}>
        Return to Home
      </Link>
    </div>
  );
}

/** The order confirmation page, from the stored order (never from the address). */
export function OrderSuccess({ order, refreshCart }: { order: OrderView; refreshCart: () => void }) {
  // The cart, emptied by the payment, is read again (the route hands in the cart's own refresh).
  useEffect(refreshCart, [refreshCart]);
  const authorized = order.status === STATUS.authorized;
  // Placed on the organisation's invoice terms: nothing was charged, the invoice is mailed.
  const invoiced = order.status === STATUS.invoiced;
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-12 text-center">
      <Icon icon={CircleCheck} size={64} className="text-success" />
      <h1 className="text-3xl font-bold sm:text-4xl">Thank You for Your Order!</h1>
      <p className="text-lg">
        Order reference: <strong>{order.reference}</strong>
      </p>
      <section aria-labelledby="payment-status" className="w-full rounded-lg border border-border p-5">
        {authorized ? (
          <>
            <h2 id="payment-status" className="text-xl font-bold">
              {PAYMENT_STATES.authorized.shopper}
            </h2>
            <p className="mt-1">{authorizedPaymentText(order, formatPrice(order.total))}</p>
          </>
        ) : invoiced ? (
          <>
            <h2 id="payment-status" className="text-xl font-bold">
              {PAYMENT_STATES.invoiced.shopper}
            </h2>
            <p className="mt-1">
              {`Nothing was charged. Your organisation's invoice for ${formatPrice(order.total)} is on its way by email; it is also in your organisation's invoices.`}
            </p>
          </>
        ) : (
          <>
            <h2 id="payment-status" className="text-xl font-bold text-success">
              Payment Successful
            </h2>
            <p className="mt-1">{`Paid with ${PAYMENT_METHOD_LABELS[order.paymentMethod]}`}</p>
            <p className="mt-1 text-muted">{paymentDescription(order)}</p>
          </>
        )}
      </section>
      <section aria-labelledby="order-items" className="w-full rounded-lg border border-border p-5 text-left">
        <h2 id="order-items" className="text-center text-xl font-bold">
          Your order
        </h2>
        <ul className="mt-3 divide-y divide-border">
          {order.items.map((item) => (
            <li key={item.productId} className="flex justify-between gap-4 py-2">
              <span>{`${item.quantity} x ${item.name}`}</span>
              <span className="shrink-0">{formatPrice(item.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <OrderTotals
          order={order}
          totalLabel={authorized ? 'Total authorised' : invoiced ? 'Total invoiced' : 'Total paid'}
          className="mt-2 border-t border-border pt-2"
        />
      </section>
      <OrderDelivery
        order={order}
        headingId="order-delivery"
        className="w-full rounded-lg border border-border p-5 text-left"
      />
      <section aria-labelledby="order-processing" className="w-full rounded-lg border border-border p-5">
        <h2 id="order-processing" className="text-xl font-bold">
          Order processing
        </h2>
        <p className="mt-1">
          {authorized
            ? 'Your order will be prepared for shipping once your prescription is approved'
            : 'Your order will be prepared for shipping soon'}
        </p>
        {order.email ? (
          <p className="mt-1 break-words text-muted">
            We have emailed a confirmation with your order details to {order.email}.
          </p>
        ) : null}
      </section>
      <OnwardLinks />
    </div>
  );
}

/**
 * An unknown reference, or an order this visitor may not see (someone else's, or a guest's
 * from another browser): the same answer, so a reference tells nothing about an order.
 */
export function OrderNotFound() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-12 text-center">
      <Icon icon={SearchX} size={64} className="text-muted" />
      <h1 className="text-3xl font-bold sm:text-4xl">Order not found</h1>
      <p className="text-lg">We could not find an order with this reference.</p>
      <p className="text-muted">
        Your confirmation email has the details of your order. If you have an account, your orders are listed
        under{' '}
        <Link to="/account" className="font-bold text-brand underline underline-offset-2">
          My Account
        </Link>
        .
      </p>
      <OnwardLinks />
    </div>
  );
}
