import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { noFormAction } from '~/console/staff-access.server';
import { InvoiceList } from '~/features/invoices/components/invoice-list';
import { invoiceListData } from '~/features/invoices/invoices-console.server';
import type { Route } from './+types/invoices';

export function loader({ context, request }: Route.LoaderArgs) {
  return invoiceListData(context, request);
}

export const action = noFormAction;
export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Invoices');

export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  return <InvoiceList {...loaderData} />;
}
