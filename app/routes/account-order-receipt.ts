import { requireUser } from '~/lib/session.server';
import { findVisibleOrder } from '~/commerce/organisations/organisation-orders.server';
import { orderByReceiptKey, receiptResponse } from '~/commerce/orders/receipt-download.server';
import type { Route } from './+types/account-order-receipt';

/**
 * GET /account/orders/:reference/receipt.pdf: the itemised receipt, for the account that
 * bought it (or an admin or approver of its organisation), or for whoever holds the key of the confirmation mail's link (guests included).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const reference = params.reference.toUpperCase();
  const key = new URL(request.url).searchParams.get('key');
  if (key)
    return receiptResponse(await orderByReceiptKey(db, context.services.env.AUTH_SECRET, reference, key));
  const user = await requireUser(context, request);
  return receiptResponse((await findVisibleOrder(db, user.id, reference))?.order);
}
