import { FULFILMENT_LABELS, type Fulfilment, type PaymentStatus } from '../../fulfilment';
import { ORDER_STATUS_LABELS } from '../../order-status';

/** Payment and delivery state in words (never colour alone). */
export function OrderStatusBadge({ status, fulfilment }: { status: PaymentStatus; fulfilment: Fulfilment }) {
  const text = status === 'paid' ? `Paid · ${FULFILMENT_LABELS[fulfilment]}` : ORDER_STATUS_LABELS[status];
  const tone =
    status === 'paid'
      ? fulfilment === 'delivered'
        ? 'border-success text-success'
        : 'border-brand text-brand'
      : status === 'failed'
        ? 'border-danger text-danger'
        : 'border-border text-fg';
  return (
    <span className={`inline-block rounded border-2 px-2 py-0.5 text-sm font-bold ${tone}`}>{text}</span>
  );
}
