import { AccountPage } from '~/features/account/components/account-page';
import { listDeviceSessions } from '~/features/account/sessions.server';
import { requireUser } from '~/features/account/session.server';
import { OrderHistory } from '~/features/orders/components/order-history';
import { listUserOrders } from '~/features/orders/orders.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/account';

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const [sessions, orders] = await Promise.all([
    listDeviceSessions(context, request),
    listUserOrders(context.services.database.db, user.id),
  ]);
  const { firstName, lastName, email, twoFactorEnabled } = user;
  return { user: { firstName, lastName, email, twoFactorEnabled }, sessions, orders };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta() {
  return [
    { title: pageTitle('My Account') },
    {
      name: 'description',
      content: 'Your MediSupply orders, profile, password, two-factor authentication and signed-in devices.',
    },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Account({ loaderData }: Route.ComponentProps) {
  return (
    <AccountPage
      user={loaderData.user}
      sessions={loaderData.sessions}
      orders={<OrderHistory orders={loaderData.orders} />}
    />
  );
}
