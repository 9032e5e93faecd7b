import { data } from 'react-router';
import { STATUS } from '~/commerce/order-states';
import { OrderConsoleDetail } from '~/features/orders/components/console/order-console-detail';
import { orderConsoleAction } from '~/features/orders/order-console-actions.server';
import { orderForStaff } from '~/features/orders/order-admin.server';
import { PrescriptionReviewPanel } from '~/features/prescriptions/components/console/prescription-review-panel';
import { prescriptionConsoleHandlers } from '~/features/prescriptions/prescription-console-actions.server';
import { prescriptionOfReference } from '~/commerce/prescriptions/prescriptions.server';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { requireStaff } from '~/console/staff-access.server';
import { auditHealthDataRead } from '~/features/prescriptions/health-data-reads.server';
import { hasInsuranceStatement } from '~/commerce/orders/insurance-statement.server';
import { consoleStatementPath } from '~/commerce/prescriptions/prescriptions';
import { InsuranceStatementLink } from '~/features/prescriptions/components/insurance-statement-link';
import type { Route } from './+types/order';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request);
  const { db } = context.services.database;
  const [found, prescription] = await Promise.all([
    orderForStaff(db, params.reference),
    prescriptionOfReference(db, context.services.healthData, params.reference),
  ]);
  if (!found) throw data(null, { status: 404 });
  // The page shows the prescription's details (the prescriber, the file's name, the claim data):
  // a read of health data.
  if (prescription) await auditHealthDataRead(context, staff, params.reference, 'prescription details');
  const { view, payments, refunds, timeline } = found;
  // A new key per rendering of the page: the same form sent twice (a double click) refunds once.
  const statement = hasInsuranceStatement(view, prescription);
  return {
    order: view,
    payments,
    refunds,
    timeline,
    refundKey: crypto.randomUUID(),
    prescription,
    statement,
  };
}

export function action({ context, request, params }: Route.ActionArgs) {
  return orderConsoleAction(context, request, params.reference, prescriptionConsoleHandlers);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = ({ params }) => consoleMeta(`Order ${params.reference}`);

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { prescription, statement, ...detail } = loaderData;
  return (
    <OrderConsoleDetail {...detail}>
      {prescription ? (
        <PrescriptionReviewPanel
          reference={detail.order.reference}
          prescription={prescription}
          awaitingReview={detail.order.status === STATUS.authorized && prescription.status === 'submitted'}
        />
      ) : null}
      {statement ? <InsuranceStatementLink href={consoleStatementPath(detail.order.reference)} /> : null}
    </OrderConsoleDetail>
  );
}
