import { addressLines } from '~/commerce/delivery/address-book';
import { shippingOptionText } from '~/commerce/delivery/shipping-options';
import type { OrderView } from '~/commerce/orders/orders';

/** Where an order goes and how: the confirmation page and the order page. */
export function OrderDelivery({
  order,
  headingId,
  className = '',
}: {
  order: Pick<OrderView, 'address' | 'shippingOption'>;
  headingId: string;
  className?: string;
}) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-bold">
        Delivery
      </h2>
      {order.address ? (
        <address className="mt-2 not-italic">
          {addressLines(order.address).map((line, i) => (
            // The lines of one address never change order: the index is a stable key.
            <span key={i} className="block break-words">
              {line}
            </span>
          ))}
        </address>
      ) : null}
      <p className="mt-2">
        <span className="font-bold">Shipping:</span> {shippingOptionText(order.shippingOption)}
      </p>
    </section>
  );
}
