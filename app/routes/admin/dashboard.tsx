import { Link } from 'react-router';
import { RevenueChart } from '~/features/orders/components/console/revenue-chart';
import { dashboardFigures } from '~/features/orders/order-stats.server';
import { CONSOLE_HEADERS, consoleMeta, formatDateTime } from '~/console/console';
import { noFormAction, requireStaff } from '~/console/staff-access.server';
import { formatPrice } from '~/commerce/money';
import type { Route } from './+types/dashboard';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaff(context, request);
  return dashboardFigures(context.services.database.db);
}

export const action = noFormAction;

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Dashboard');

const link = 'text-brand underline underline-offset-2';

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { periods, daily, toShip, toShipCount, toReviewCount, lowStock } = loaderData;
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Dashboard</h1>
      <section aria-labelledby="sales-title">
        <h2 id="sales-title" className="text-xl font-bold">
          Sales
        </h2>
        <dl className="mt-3 grid gap-4 sm:grid-cols-3">
          {periods.map((period) => (
            <div key={period.label} className="rounded-md border border-border p-4">
              <dt className="font-bold">{period.label}</dt>
              <dd className="text-2xl">{formatPrice(period.revenue)}</dd>
              <dd>{period.orders === 1 ? '1 order' : `${period.orders} orders`}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4">
          <RevenueChart daily={daily} />
        </div>
      </section>
      {toReviewCount > 0 ? (
        <p className="rounded-md border-2 border-brand p-3 font-bold">
          <Link to="/admin/orders?status=authorized" className={link}>
            {toReviewCount === 1
              ? '1 order awaits prescription review'
              : `${toReviewCount} orders await prescription review`}
          </Link>
        </p>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="ship-title">
          <h2 id="ship-title" className="text-xl font-bold">
            Waiting to be shipped ({toShipCount})
          </h2>
          {toShip.length === 0 ? (
            <p className="mt-2">Every paid order has shipped.</p>
          ) : (
            <ul className="mt-2 space-y-1">
              {toShip.map((order) => (
                <li key={order.reference}>
                  <Link to={`/admin/orders/${order.reference}`} className={link}>
                    {order.reference}
                  </Link>{' '}
                  · paid {formatDateTime(order.paidAt)} · {formatPrice(order.total)}
                </li>
              ))}
            </ul>
          )}
          {toShipCount > toShip.length ? (
            <p className="mt-2">
              <Link to="/admin/orders?status=to-ship" className={link}>
                All {toShipCount} orders waiting to ship
              </Link>
            </p>
          ) : null}
        </section>
        <section aria-labelledby="stock-title">
          <h2 id="stock-title" className="text-xl font-bold">
            Low on stock
          </h2>
          {lowStock.length === 0 ? (
            <p className="mt-2">No product is low on stock.</p>
          ) : (
            <ul className="mt-2 space-y-1">
              {lowStock.map((product) => (
                <li key={product.id}>
                  <Link to={`/admin/products/${product.id}`} className={link}>
                    {product.name}
                  </Link>{' '}
                  · {product.onHand === 0 ? 'out of stock' : `${product.onHand} left`}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
