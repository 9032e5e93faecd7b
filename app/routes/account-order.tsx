import { data } from 'react-router';
import { requireUser } from '~/features/account/session.server';
import { OrderDetail } from '~/features/orders/components/order-detail';
import { findUserOrder } from '~/features/orders/orders.server';
import { PrescriptionSummary } from '~/features/prescriptions/components/prescription-summary';
import { prescriptionOfReference } from '~/features/prescriptions/prescriptions.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/account-order';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const order = await findUserOrder(context.services.database.db, user.id, params.reference.toUpperCase());
  // Someone else's order looks exactly like one that does not exist.
  if (!order) throw data(null, { status: 404 });
  return {
    order,
    prescription: await prescriptionOfReference(context.services.database.db, order.reference),
  };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaded ? `Order ${loaded.order.reference}` : 'Order') },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order, prescription } = loaderData;
  return (
    <OrderDetail order={order}>
      {prescription ? <PrescriptionSummary reference={order.reference} prescription={prescription} /> : null}
    </OrderDetail>
  );
}
