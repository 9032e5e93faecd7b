import { Form, Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import { formatPrice } from '~/commerce/money';
import { formatDateTime } from '~/console/console';
import { ORDER_FILTERS, type OrderListRow } from '../../order-admin';
import { orderSearchQuery } from '../../order-search-params';
import { OrderStatusBadge } from './order-status-badge';
import { type ConsoleColumn, ConsoleList } from '~/console/console-list';

interface Search {
  q: string;
  filter: string;
  fromDay: string;
  toDay: string;
}

const ORDER_COLUMNS: ConsoleColumn<OrderListRow>[] = [
  {
    header: 'Order',
    rowHeader: true,
    cell: (order) => (
      <Link to={`/admin/orders/${order.reference}`} className="text-brand underline underline-offset-2">
        {order.reference}
      </Link>
    ),
  },
  { header: 'Placed', cell: (order) => formatDateTime(order.createdAt) },
  {
    header: 'Customer',
    cellClassName: 'p-2 break-all',
    cell: (order) => (
      <>
        {order.name ?? ''}
        {order.name && order.email ? <br /> : null}
        {order.email ?? ''}
      </>
    ),
  },
  { header: 'Items', cell: (order) => order.itemCount },
  {
    header: 'Total',
    className: 'p-2 text-right',
    cell: (order) => (
      <>
        {formatPrice(order.total)}
        {order.refundedTotal > 0 ? (
          <>
            <br />
            <span className="text-sm">Refunded {formatPrice(order.refundedTotal)}</span>
          </>
        ) : null}
      </>
    ),
  },
  {
    header: 'Status',
    cell: (order) => <OrderStatusBadge status={order.status} fulfilment={order.fulfilment} />,
  },
];

/** Search, filters, the table of orders and its pages; everything is a GET form or a link. */
export function OrderList({
  search,
  orders,
  page,
  hasNext,
}: {
  search: Search;
  orders: OrderListRow[];
  page: number;
  hasNext: boolean;
}) {
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Orders</h1>
      <Form
        method="get"
        role="search"
        aria-label="Orders"
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <div className="lg:col-span-2">
          <Field
            label="Search orders"
            name="q"
            type="search"
            defaultValue={search.q}
            hint="Order reference, email or name"
            maxLength={100}
          />
        </div>
        <SelectField
          label="Status"
          name="status"
          defaultValue={search.filter}
          options={Object.entries(ORDER_FILTERS)}
        />
        <Field label="Placed from" name="from" type="date" defaultValue={search.fromDay} />
        <Field label="Placed to" name="to" type="date" defaultValue={search.toDay} />
        <div className="flex flex-wrap gap-2 lg:col-span-5">
          <button type="submit" className={primaryButton}>
            Search
          </button>
          <a href={`/admin/orders.csv${orderSearchQuery(search)}`} className={secondaryButton} download>
            Download CSV
          </a>
        </div>
      </Form>
      <ConsoleList
        rows={orders}
        rowKey={(order) => order.reference}
        emptyMessage="No orders match this search."
        caption={<>Orders, newest first, page {page}</>}
        tableClassName="w-full min-w-[40rem] border-collapse text-left"
        columns={ORDER_COLUMNS}
        pager={{
          label: 'Pages of orders',
          page,
          hasNext,
          hrefFor: (to) => `/admin/orders${orderSearchQuery(search, to)}`,
        }}
      />
    </div>
  );
}
