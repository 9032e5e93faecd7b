import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { InvoiceConsole } from '~/features/invoices/components/invoice-console';
import { invoiceAction, invoicePageData } from '~/features/invoices/invoices-console.server';
import type { Route } from './+types/invoice';

export function loader({ context, request, params }: Route.LoaderArgs) {
  return invoicePageData(context, request, params.invoiceNumber);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return invoiceAction(context, request, params.invoiceNumber);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = ({ params }) => consoleMeta(`Invoice ${params.invoiceNumber}`);

export default function AdminInvoice({ loaderData }: Route.ComponentProps) {
  return <InvoiceConsole {...loaderData} />;
}
