import { Form, Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import { formatPrice } from '~/lib/money';
import { formatDateTime } from '~/console/console';
import { ORDER_FILTERS, type OrderListRow } from '../../order-admin';
import { orderSearchQuery } from '../../order-search-params';
import { OrderStatusBadge } from './order-status-badge';
import { ConsolePager } from '~/console/console-pager';

interface Search {
  q: string;
  filter: string;
  fromDay: string;
  toDay: string;
}

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
      {orders.length === 0 ? (
        <p role="status">No orders match this search.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] border-collapse text-left">
            <caption className="sr-only">Orders, newest first, page {page}</caption>
            <thead>
              <tr className="border-b-2 border-border">
                <th scope="col" className="p-2">
                  Order
                </th>
                <th scope="col" className="p-2">
                  Placed
                </th>
                <th scope="col" className="p-2">
                  Customer
                </th>
                <th scope="col" className="p-2">
                  Items
                </th>
                <th scope="col" className="p-2 text-right">
                  Total
                </th>
                <th scope="col" className="p-2">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.reference} className="border-b border-border align-top">
                  <th scope="row" className="p-2">
                    <Link
                      to={`/admin/orders/${order.reference}`}
                      className="text-brand underline underline-offset-2"
                    >
                      {order.reference}
                    </Link>
                  </th>
                  <td className="p-2">{formatDateTime(order.createdAt)}</td>
                  <td className="p-2 break-all">
                    {order.name ?? ''}
                    {order.name && order.email ? <br /> : null}
                    {order.email ?? ''}
                  </td>
                  <td className="p-2">{order.itemCount}</td>
                  <td className="p-2 text-right">
                    {formatPrice(order.total)}
                    {order.refundedTotal > 0 ? (
                      <>
                        <br />
                        <span className="text-sm">Refunded {formatPrice(order.refundedTotal)}</span>
                      </>
                    ) : null}
                  </td>
                  <td className="p-2">
                    <OrderStatusBadge status={order.status} fulfilment={order.fulfilment} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConsolePager
        label="Pages of orders"
        page={page}
        hasNext={hasNext}
        hrefFor={(to) => `/admin/orders${orderSearchQuery(search, to)}`}
      />
    </div>
  );
}
