import { OrderList } from '~/features/orders/components/console/order-list';
import { searchOrders } from '~/features/orders/order-admin.server';
import { orderSearchFromUrl } from '~/features/orders/order-search-params';
import { CONSOLE_HEADERS, consoleMeta, pageParam } from '~/console/console';
import { noFormAction, requireStaff } from '~/console/staff-access.server';
import type { Route } from './+types/orders';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const url = new URL(request.url);
  const search = orderSearchFromUrl(url);
  const page = pageParam(url.searchParams.get('page'));
  const { orders, hasNext } = await searchOrders(context.services.database.db, search, page);
  return {
    search: { q: search.q, filter: search.filter, fromDay: search.fromDay, toDay: search.toDay },
    orders,
    page,
    hasNext,
  };
}

export const action = noFormAction;

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Orders');

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return <OrderList {...loaderData} />;
}
