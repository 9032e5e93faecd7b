import { RefillPlansPage } from '~/features/refills/components/refill-plans-page';
import { refillAccountAction, refillPlansPageData } from '~/features/refills/refill-account.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/account-refills';

export function loader({ context, request }: Route.LoaderArgs) {
  return refillPlansPageData(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return refillAccountAction(context, request);
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta() {
  return [{ title: pageTitle('Refill plans') }, { name: 'robots', content: 'noindex' }];
}

export default function AccountRefills({ loaderData }: Route.ComponentProps) {
  return <RefillPlansPage {...loaderData} />;
}
