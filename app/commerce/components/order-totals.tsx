import { Fragment } from 'react';
import { type TotalsFigures, totalsRows } from '../totals-rows';

export type { TotalsFigures } from '../totals-rows';

type Props = {
  order: TotalsFigures;
  /** 'Total paid' on the confirmation, 'Total' elsewhere. */
  totalLabel: string;
  /** The cart's line count: 'Subtotal (3 items)'. */
  itemCount?: number;
  className?: string;
  totalClassName?: string;
};

/**
 * An order's money on a page, the one React rendering of `totalsRows`: the cart, the payment
 * dialog, the confirmation page, the order page and the console show the same rows in the same
 * order as the mails and the receipt PDF.
 */
export function OrderTotals({
  order,
  totalLabel,
  itemCount,
  className = '',
  totalClassName = 'font-bold',
}: Props) {
  const rows = totalsRows(order, { totalLabel, itemCount });
  return (
    <dl
      data-totals-rows
      className={`grid grid-cols-[1fr_auto] gap-y-1 [&>dd]:pl-4 [&>dd]:text-right ${className}`}
    >
      {rows.map((row) => (
        <Fragment key={row.kind}>
          <dt className={row.kind === 'total' ? totalClassName : undefined}>{row.label}</dt>
          <dd
            className={
              row.kind === 'total' ? totalClassName : row.kind === 'discount' ? 'text-success' : undefined
            }
          >
            {row.value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
