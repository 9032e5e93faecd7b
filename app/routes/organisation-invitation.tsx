import { InvitationPage } from '~/features/organisations/components/invitation-page';
import {
  invitationAction,
  invitationPageData,
} from '~/features/organisations/organisation-invitation.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/organisation-invitation';

export function loader({ context, request, params }: Route.LoaderArgs) {
  return invitationPageData(context, request, params.token);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return invitationAction(context, request, params.token);
}

// The token is in the address: never cached, never indexed, never sent on as a referrer.
export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
});

export function meta() {
  return [{ title: pageTitle('Organisation invitation') }, { name: 'robots', content: 'noindex' }];
}

export default function OrganisationInvitation({ loaderData }: Route.ComponentProps) {
  return <InvitationPage {...loaderData} />;
}
