import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { OrganisationConsole } from '~/features/organisations/components/organisation-console';
import {
  organisationConsoleAction,
  organisationConsoleData,
} from '~/features/organisations/organisation-console.server';
import type { Route } from './+types/organisation';

export function loader({ context, request, params }: Route.LoaderArgs) {
  return organisationConsoleData(context, request, params.organisationId);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return organisationConsoleAction(context, request, params.organisationId);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = ({ data }) => consoleMeta(data?.organisation.name ?? 'Organisation');

export default function AdminOrganisation({ loaderData }: Route.ComponentProps) {
  return <OrganisationConsole {...loaderData} />;
}
