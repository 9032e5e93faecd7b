import { ReportsPage } from '~/features/staff/components/reports-page';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { reportsPageData } from '~/features/staff/reports-console.server';
import { noFormAction } from '~/console/staff-access.server';
import type { Route } from './+types/reports';

export function loader({ context, request }: Route.LoaderArgs) {
  return reportsPageData(context, request);
}

export const action = noFormAction;

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Reports');

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  return <ReportsPage {...loaderData} />;
}
