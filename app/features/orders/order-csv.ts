import type { OrderRow } from '~/commerce/orders/orders.server';
import { csvLine } from '~/lib/csv';
import { centsToDecimal } from '~/commerce/money';

const cents = centsToDecimal;

const COLUMNS = [
  'Reference',
  'Placed (UTC)',
  'Status',
  'Delivery',
  'Email',
  'Ship to',
  'State',
  'Shipping option',
  'Subtotal',
  'Discount',
  'Shipping',
  'Tax',
  'Total',
  'Refunded',
  'Promo code',
  'Carrier',
  'Tracking number',
];

export function orderCsvHeader(): string {
  return csvLine(COLUMNS);
}

export function orderCsvRow(row: OrderRow): string {
  return csvLine([
    row.reference,
    new Date(Number(row.created_at)).toISOString(),
    row.status,
    row.fulfilment,
    row.email,
    row.ship_name,
    row.ship_state,
    row.shipping_option,
    cents(row.subtotal),
    cents(row.discount),
    cents(row.shipping),
    cents(row.tax),
    cents(row.total),
    cents(Number(row.refunded_total)),
    row.promo_code,
    row.carrier,
    row.tracking_number,
  ]);
}
