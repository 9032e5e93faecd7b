import { staffPrescriptionDownload } from '~/commerce/prescriptions/prescriptions.server';
import { noFormAction, requireStaff } from '~/console/staff-access.server';
import type { Route } from './+types/order-prescription';

/** GET /admin/orders/:reference/prescription: an order's prescription file, for staff. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaff(context, request);
  return staffPrescriptionDownload(context.services.database.db, params.reference);
}

export const action = noFormAction;
