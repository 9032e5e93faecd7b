import { subscribersCsv } from '~/features/newsletter/newsletter-console.server';
import { noFormAction } from '~/console/staff-access.server';
import type { Route } from './+types/newsletter-csv';

/** The subscribers of the list's search as CSV, streamed. */
export function loader({ context, request }: Route.LoaderArgs) {
  return subscribersCsv(context, request);
}

export const action = noFormAction;
