import { staffStatementDownload } from '~/commerce/prescriptions/statement-download.server';
import { noFormAction, requireStaff } from '~/console/staff-access.server';
import { auditHealthDataRead } from '~/features/prescriptions/health-data-reads.server';
import type { Route } from './+types/order-statement';

/** GET /admin/orders/:reference/insurance-statement.pdf: an order's statement, for staff, audited. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request);
  const statement = await staffStatementDownload(context.services, params.reference);
  if (statement.ok) await auditHealthDataRead(context, staff, params.reference, 'insurance statement');
  return statement;
}

export const action = noFormAction;
