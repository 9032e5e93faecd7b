import { reportCsv } from '~/features/staff/reports-console.server';
import { noFormAction } from '~/console/staff-access.server';
import type { Route } from './+types/reports-csv';

/** The report of the page's query as CSV. */
export function loader({ context, request }: Route.LoaderArgs) {
  return reportCsv(context, request);
}

export const action = noFormAction;
