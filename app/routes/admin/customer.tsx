import { CustomerPage } from '~/features/staff/components/customer-pages';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { customerAction, customerPageData } from '~/features/staff/customers-console.server';
import type { Route } from './+types/customer';

export function loader({ context, request, params }: Route.LoaderArgs) {
  return customerPageData(context, request, params.userId);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return customerAction(context, request, params.userId);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = ({ data: loaded }) =>
  consoleMeta(loaded ? `Customer: ${loaded.customer.email}` : 'Customer');

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  return <CustomerPage {...loaderData} />;
}
