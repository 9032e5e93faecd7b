import { Link } from 'react-router';
import { Pagination } from '~/components/ui/pagination';
import { formatPrice } from '~/commerce/money';
import { pageList } from '~/lib/page-list';

export interface HomeOrder {
  reference: string;
  buyerName: string;
  total: number;
  status: string;
  poNumber: string | null;
  createdAt: number;
}
export interface OrdersPage {
  page: number;
  totalPages: number;
  /** Why the page shown is not the one asked for (not a page number, or past the end). */
  notice: string | null;
}

const day = (at: number) =>
  new Date(at).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const pageHref = (page: number) =>
  page === 1 ? '/account/organisation' : `/account/organisation?page=${page}`;

/** The organisation's orders the member may see, newest first, a page at a time. */
export function OrganisationOrders({
  heading,
  orders,
  ordersPage,
}: {
  heading: string;
  orders: HomeOrder[];
  ordersPage: OrdersPage;
}) {
  const { page, totalPages, notice } = ordersPage;
  return (
    <section aria-labelledby="orders-heading" className="space-y-2">
      <h2 id="orders-heading" className="text-2xl font-bold">
        {heading}
      </h2>
      {notice ? (
        <p role="status" className="rounded-md border-2 border-border p-3 font-bold">
          {notice}
        </p>
      ) : null}
      {orders.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <table className="w-full text-left">
          <caption className="sr-only">
            Orders, newest first{totalPages > 1 ? `: page ${page} of ${totalPages}` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="p-2">
                Order
              </th>
              <th scope="col" className="p-2">
                Buyer
              </th>
              <th scope="col" className="p-2">
                PO
              </th>
              <th scope="col" className="p-2">
                Placed
              </th>
              <th scope="col" className="p-2">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.reference} className="border-t border-border">
                <th scope="row" className="p-2">
                  <Link to={`/account/orders/${order.reference}`} className="underline">
                    {order.reference}
                  </Link>
                </th>
                <td className="p-2">{order.buyerName}</td>
                <td className="p-2">{order.poNumber ?? ''}</td>
                <td className="p-2">{day(order.createdAt)}</td>
                <td className="p-2">{formatPrice(order.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        page={page}
        totalPages={totalPages}
        entries={pageList(page, totalPages)}
        hrefFor={pageHref}
      />
    </section>
  );
}
