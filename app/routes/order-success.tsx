import { OrderSuccess } from '~/features/orders/components/order-success';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/order-success';

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta() {
  return [
    { title: pageTitle('Thank You for Your Order') },
    { name: 'description', content: 'Your order has been placed and paid.' },
    { name: 'robots', content: 'noindex' },
  ];
}

export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return { reference: query.get('order_ref'), paymentMethod: query.get('payment_method') };
}

export default function OrderSuccessRoute({ loaderData }: Route.ComponentProps) {
  return <OrderSuccess reference={loaderData.reference} paymentMethod={loaderData.paymentMethod} />;
}
