import { type Fulfilment, type OrderStatus, staffStatusText, statusTone } from '~/commerce/order-states';

const TONE_CLASSES = {
  done: 'border-success text-success',
  good: 'border-brand text-brand',
  bad: 'border-danger text-danger',
  plain: 'border-border text-fg',
} as const;

/** Payment and delivery state in words (never colour alone). */
export function OrderStatusBadge({ status, fulfilment }: { status: OrderStatus; fulfilment: Fulfilment }) {
  const tone = TONE_CLASSES[statusTone({ status, fulfilment })];
  return (
    <span className={`inline-block rounded border-2 px-2 py-0.5 text-sm font-bold ${tone}`}>
      {staffStatusText({ status, fulfilment })}
    </span>
  );
}
