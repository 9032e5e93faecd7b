import { ApprovalsPage } from '~/features/approvals/components/approvals-page';
import { approvalsAction, approvalsPageData } from '~/features/approvals/approvals-actions.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/account-organisation-approvals';

export function loader({ context, request }: Route.LoaderArgs) {
  return approvalsPageData(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return approvalsAction(context, request);
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta() {
  return [{ title: pageTitle('Approvals') }, { name: 'robots', content: 'noindex' }];
}

export default function AccountOrganisationApprovals({ loaderData }: Route.ComponentProps) {
  return <ApprovalsPage {...loaderData} />;
}
