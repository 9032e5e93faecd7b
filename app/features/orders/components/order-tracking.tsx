import type { OrderView } from '~/commerce/orders/orders';

/** "Shipped with UPS, tracking number 1Z…" with the carrier's tracking page as a link. */
export function OrderTracking({ order }: { order: Pick<OrderView, 'shipment'> }) {
  const shipment = order.shipment;
  if (!shipment) return null;
  return (
    <>
      Shipped with {shipment.carrier}, tracking number{' '}
      {shipment.trackingUrl ? (
        <a href={shipment.trackingUrl} className="text-brand underline underline-offset-2" rel="noreferrer">
          {shipment.trackingNumber}
          <span className="sr-only"> (track your parcel on the {shipment.carrier} website)</span>
        </a>
      ) : (
        shipment.trackingNumber
      )}
    </>
  );
}
