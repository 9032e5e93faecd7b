import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { noFormAction } from '~/console/staff-access.server';
import { OrganisationsConsole } from '~/features/organisations/components/organisations-console';
import { organisationsListData } from '~/features/organisations/organisation-console.server';
import type { Route } from './+types/organisations';

export function loader({ context, request }: Route.LoaderArgs) {
  return organisationsListData(context, request);
}

export const action = noFormAction;
export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Organisations');

export default function AdminOrganisations({ loaderData }: Route.ComponentProps) {
  return <OrganisationsConsole {...loaderData} />;
}
