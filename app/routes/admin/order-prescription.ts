import { staffPrescriptionDownload } from '~/commerce/prescriptions/prescriptions.server';
import { noFormAction, requireStaff } from '~/console/staff-access.server';
import { auditHealthDataRead } from '~/features/prescriptions/health-data-reads.server';
import type { Route } from './+types/order-prescription';

/** GET /admin/orders/:reference/prescription: an order's prescription file, for staff. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request);
  const { database, healthData } = context.services;
  const file = await staffPrescriptionDownload(database.db, healthData, params.reference);
  if (file.ok) await auditHealthDataRead(context, staff, params.reference, 'prescription file');
  return file;
}

export const action = noFormAction;
