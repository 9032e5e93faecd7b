import { OrganisationPage } from '~/features/organisations/components/organisation-page';
import { organisationAction, organisationPageData } from '~/features/organisations/organisation-home.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/account-organisation';

export function loader({ context, request }: Route.LoaderArgs) {
  return organisationPageData(context, request);
}

/** Apply; leave; and the admin's forms: invite, change a member, remove a member, withdraw an invitation. */
export function action({ context, request }: Route.ActionArgs) {
  return organisationAction(context, request);
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta() {
  return [{ title: pageTitle('Organisation') }, { name: 'robots', content: 'noindex' }];
}

export default function AccountOrganisation({ loaderData }: Route.ComponentProps) {
  return <OrganisationPage {...loaderData} />;
}
