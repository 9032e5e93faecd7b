import { StaffPage } from '~/features/staff/components/staff-page';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { requireAdmin } from '~/console/staff-access.server';
import { listStaff } from '~/features/staff/staff-accounts.server';
import { staffAction } from '~/features/staff/staff-actions.server';
import type { Route } from './+types/staff';

export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = await requireAdmin(context, request);
  return { staff: await listStaff(context.services.database.db), me: admin.id };
}

export function action({ context, request }: Route.ActionArgs) {
  return staffAction(context, request);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Staff');

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  return <StaffPage {...loaderData} />;
}
