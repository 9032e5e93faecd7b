import { ApprovalsPage } from '~/features/approvals/components/approvals-page';
import { approvalsAction, approvalsPageData } from '~/features/approvals/approvals-actions.server';
import { placeStoredOrderOnTerms } from '~/features/checkout/placed-order.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/account-organisation-approvals';

export function loader({ context, request }: Route.LoaderArgs) {
  return approvalsPageData(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  // An approved order on invoice terms is placed by the checkout at once (docs/decisions/0056).
  return approvalsAction(context, request, (orderId) => placeStoredOrderOnTerms(context.services, orderId));
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta() {
  return [{ title: pageTitle('Approvals') }, { name: 'robots', content: 'noindex' }];
}

export default function AccountOrganisationApprovals({ loaderData }: Route.ComponentProps) {
  return <ApprovalsPage {...loaderData} />;
}
