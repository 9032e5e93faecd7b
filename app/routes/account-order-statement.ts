import { requireUser } from '~/lib/session.server';
import { buyerStatementDownload } from '~/commerce/prescriptions/statement-download.server';
import type { Route } from './+types/account-order-statement';

/**
 * GET /account/orders/:reference/insurance-statement.pdf: the itemised statement for an
 * insurance claim (docs/decisions/0063), for the account that bought the order only.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return buyerStatementDownload(context.services, user.id, params.reference.toUpperCase());
}
