import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '~/commerce/money';
import { formatDateTime } from '~/console/console';
import type { TimelineEntry } from '../../order-admin';
import type { PaymentAttemptView } from '../../order-admin.server';
import { type OrderView, paymentDescription } from '~/commerce/orders/orders';
import { OrderDelivery } from '../order-delivery';
import { OrderTotals } from '~/commerce/components/order-totals';
import { ConsoleMessage } from '~/console/console-message';
import { FulfilmentForms, NoteForm, RefundForm } from './order-console-forms';
import { OrderStatusBadge } from './order-status-badge';

interface Props {
  order: OrderView;
  payments: PaymentAttemptView[];
  refunds: { at: number; amount: number; status: string; kind: string | null; message: string | null }[];
  timeline: TimelineEntry[];
  refundKey: string;
  /** Panels of other features about this order (the prescription review), shown first. */
  children?: ReactNode;
}

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-md border border-border p-4">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

export function OrderConsoleDetail({ order, payments, refunds, timeline, refundKey, children }: Props) {
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/orders" className="text-brand underline underline-offset-2">
          Back to orders
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">Order {order.reference}</h1>
        <OrderStatusBadge status={order.status} fulfilment={order.fulfilment} />
      </div>
      <p>
        Placed {formatDateTime(order.createdAt)}
        {order.email ? (
          <>
            {' '}
            by <span className="break-all">{order.email}</span>
          </>
        ) : null}
        {order.paidAt ? ` · paid ${formatDateTime(order.paidAt)} with ${paymentDescription(order)}` : ''}
        {order.refundedTotal > 0 ? ` · refunded ${formatPrice(order.refundedTotal)}` : ''}
      </p>
      <ConsoleMessage />
      {children}
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Items" id="order-items">
          <ul className="divide-y divide-border">
            {order.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-4 py-2">
                <span>
                  {item.quantity} x {item.name}
                  {item.refundedQuantity > 0 ? (
                    <span className="block text-sm">{item.refundedQuantity} refunded</span>
                  ) : null}
                </span>
                <span>{formatPrice(item.lineTotal)}</span>
              </li>
            ))}
          </ul>
          <OrderTotals order={order} totalLabel="Total" />
        </Panel>
        <div className="space-y-6">
          <OrderDelivery
            order={order}
            headingId="order-delivery"
            className="rounded-md border border-border p-4"
          />
          {order.shipment ? (
            <p>
              Shipped {formatDateTime(order.shipment.shippedAt)} with {order.shipment.carrier}, tracking
              number{' '}
              {order.shipment.trackingUrl ? (
                <a
                  href={order.shipment.trackingUrl}
                  className="text-brand underline underline-offset-2"
                  rel="noreferrer"
                  target="_blank"
                >
                  {order.shipment.trackingNumber}
                  <span className="sr-only"> (opens the carrier's site in a new tab)</span>
                </a>
              ) : (
                order.shipment.trackingNumber
              )}
              {order.deliveredAt ? ` · delivered ${formatDateTime(order.deliveredAt)}` : ''}
            </p>
          ) : null}
          <Panel title="Delivery steps" id="order-steps">
            <FulfilmentForms order={order} />
          </Panel>
        </div>
        <Panel title="Refund" id="order-refund">
          <RefundForm order={order} refundKey={refundKey} />
          {refunds.length > 0 ? (
            <ul className="text-sm">
              {refunds.map((refund) => (
                <li key={refund.at}>
                  {formatDateTime(refund.at)}: {formatPrice(refund.amount)}, {refund.status}
                  {refund.kind ? ` (${refund.kind})` : ''}
                  {refund.message ? `: ${refund.message}` : ''}
                </li>
              ))}
            </ul>
          ) : null}
        </Panel>
        <Panel title="Payment attempts" id="order-payments">
          {payments.length === 0 ? (
            <p>No payment was attempted.</p>
          ) : (
            <ul className="text-sm">
              {payments.map((payment) => (
                <li key={payment.at}>
                  {formatDateTime(payment.at)}: {payment.method}
                  {payment.source ? `, ${payment.source}` : ''}, {payment.status}
                  {payment.message ? `: ${payment.message}` : ''}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
      <Panel title="Timeline" id="order-timeline">
        <ol className="space-y-2">
          {timeline.map((entry, i) => (
            // Entries of one order never reorder: the index is a stable key.
            <li key={i}>
              <span className="font-bold">{formatDateTime(entry.at)}</span> · {entry.who}:{' '}
              <span className="break-words">{entry.text}</span>
            </li>
          ))}
        </ol>
        <NoteForm />
      </Panel>
    </div>
  );
}
