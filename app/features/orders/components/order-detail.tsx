import type { ReactNode } from 'react';
import { hasReceipt, STATUS } from '~/commerce/order-states';
import { Link } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { formatPrice } from '~/commerce/money';
import { formatOrderDate } from '~/commerce/orders/order-status';
import { secondaryButton } from '~/components/ui/button-styles';
import { HSA_FSA_TEXT } from '~/commerce/catalogue/catalog';
import { hcpcsText } from '~/commerce/catalogue/hcpcs';
import {
  authorizedPaymentText,
  type OrderView,
  type OrderViewLine,
  paymentDescription,
  receiptPath,
} from '~/commerce/orders/orders';
import { StatusText } from './order-history';
import { OrderDelivery } from './order-delivery';
import { OrderTracking } from './order-tracking';
import { OrderTotals } from '~/commerce/components/order-totals';
import type { OrderOrganisation } from '../order-organisation';

/**
 * One order as bought: lines at the prices paid, totals, payment and status. The route may add
 * other features' parts: a notice under the title, sections after the order's facts
 * (`children`: the prescription) and something under each line (reviews).
 */
export function OrderDetail({
  order,
  organisation,
  notice,
  lineExtra,
  children,
  after,
}: {
  order: OrderView;
  /** An organisation's order: whose it is, who placed it, its PO and certificate. */
  organisation?: OrderOrganisation | null;
  /** A section after the lines and totals (the returns). */
  after?: ReactNode;
  notice?: ReactNode;
  lineExtra?: (line: OrderViewLine) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: 'My Account', href: '/account' },
          { label: `Order ${order.reference}` },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Order {order.reference}</h1>
      {notice}
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-lg [&_dd]:[overflow-wrap:anywhere]">
        <dt className="font-bold">Placed</dt>
        <dd>{formatOrderDate(order.createdAt)}</dd>
        <dt className="font-bold">Status</dt>
        <dd>
          <StatusText order={order} />
          {order.refundedTotal > 0 && order.status !== STATUS.refunded
            ? ` (${formatPrice(order.refundedTotal)} refunded)`
            : ''}
        </dd>
        {order.shipment ? (
          <>
            <dt className="font-bold">Delivery</dt>
            <dd>
              <OrderTracking order={order} />
            </dd>
          </>
        ) : null}
        <dt className="font-bold">Payment</dt>
        <dd>
          {order.status === STATUS.authorized
            ? authorizedPaymentText(order, formatPrice(order.total))
            : paymentDescription(order)}
        </dd>
        {organisation ? <OrganisationFacts organisation={organisation} /> : null}
        {order.email ? (
          <>
            <dt className="font-bold">Confirmation sent to</dt>
            <dd className="break-all">{order.email}</dd>
          </>
        ) : null}
      </dl>
      {children}
      {hasReceipt(order) ? (
        <p className="mt-4">
          <a href={receiptPath(order.reference)} download className={secondaryButton}>
            Download receipt (PDF)
          </a>
          <span className="mt-1 block text-sm text-muted">
            Itemised, with each item&apos;s HSA/FSA eligibility, for your plan.
          </span>
        </p>
      ) : null}
      <table className="mt-8 w-full text-left">
        <caption className="sr-only">Items in order {order.reference}</caption>
        <thead className="border-b border-border">
          <tr>
            <th scope="col" className="py-2">
              Item
            </th>
            <th scope="col" className="py-2 text-right">
              Qty
            </th>
            <th scope="col" className="hidden py-2 text-right sm:table-cell">
              Price
            </th>
            <th scope="col" className="py-2 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {order.items.map((item) => (
            <tr key={item.productId}>
              <td className="py-3 pr-2">
                <Link to={`/product/${item.productId}`} className="underline underline-offset-2">
                  {item.name}
                </Link>
                {item.prescriptionRequired ? (
                  <span className="block text-sm text-muted">Prescription required</span>
                ) : null}
                {item.hsaFsa === 'not-eligible' ? null : (
                  <span className="block text-sm text-muted">{HSA_FSA_TEXT[item.hsaFsa]}</span>
                )}
                {item.hcpcsCode ? (
                  <span className="block text-sm text-muted">
                    {`HCPCS ${hcpcsText(item.hcpcsCode, item.hcpcsModifier)}`}
                  </span>
                ) : null}
                {lineExtra?.(item)}
              </td>
              <td className="py-3 text-right">{item.quantity}</td>
              <td className="hidden py-3 text-right sm:table-cell">{formatPrice(item.unitPrice)}</td>
              <td className="py-3 text-right">{formatPrice(item.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <OrderTotals
        order={order}
        totalLabel="Total"
        className="mt-6 ml-auto max-w-xs"
        totalClassName="border-t border-border pt-1 text-lg font-bold"
      />
      {after}
      <OrderDelivery order={order} headingId="order-delivery" className="mt-8" />
      <Link to="/account" className="mt-8 inline-flex min-h-11 items-center font-bold text-brand underline">
        Back to My Account
      </Link>
    </div>
  );
}

/** The invoice's facts of an organisation's order; the certificate only when it was exempt. */
function OrganisationFacts({ organisation }: { organisation: OrderOrganisation }) {
  return (
    <>
      <dt className="font-bold">Organisation</dt>
      <dd>{organisation.name}</dd>
      <dt className="font-bold">Ordered by</dt>
      <dd>{organisation.buyerName ?? 'Not recorded'}</dd>
      <dt className="font-bold">Purchase order</dt>
      <dd>{organisation.poNumber ?? 'None given'}</dd>
      {organisation.taxCertificate ? (
        <>
          <dt className="font-bold">Tax exemption certificate</dt>
          <dd>{organisation.taxCertificate}</dd>
        </>
      ) : null}
    </>
  );
}
