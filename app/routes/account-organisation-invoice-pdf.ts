import { memberInvoicePdf } from '~/features/invoices/invoices-account.server';
import type { Route } from './+types/account-organisation-invoice-pdf';

/** GET /account/organisation/invoices/:number.pdf: an invoice's PDF, for the organisation's members. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return memberInvoicePdf(context, request, params.file);
}
