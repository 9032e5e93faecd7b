import { requireUser } from '~/lib/session.server';
import { buyerPrescriptionDownload } from '~/commerce/prescriptions/prescriptions.server';
import type { Route } from './+types/account-order-prescription';

/** GET /account/orders/:reference/prescription: the file the buyer gave, to the buyer only. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return buyerPrescriptionDownload(
    context.services.database.db,
    context.services.healthData,
    user.id,
    params.reference.toUpperCase(),
  );
}
