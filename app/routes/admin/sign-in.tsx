import { OrganisationSignInPage } from '~/features/staff/components/organisation-sign-in-page';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import {
  organisationSignInAction,
  organisationSignInPageData,
} from '~/features/staff/organisation-sign-in-console.server';
import type { Route } from './+types/sign-in';

export function loader({ context, request }: Route.LoaderArgs) {
  return organisationSignInPageData(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return organisationSignInAction(context, request);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Organisation sign-in');

export default function AdminSignIn({ loaderData }: Route.ComponentProps) {
  return <OrganisationSignInPage {...loaderData} />;
}
