import { CustomersPage } from '~/features/staff/components/customer-pages';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { customersPageData } from '~/features/staff/customers-console.server';
import { noFormAction } from '~/console/staff-access.server';
import type { Route } from './+types/customers';

export function loader({ context, request }: Route.LoaderArgs) {
  return customersPageData(context, request);
}

export const action = noFormAction;

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Customers');

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  return <CustomersPage {...loaderData} />;
}
