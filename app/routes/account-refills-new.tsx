import { SubscribePage } from '~/features/refills/components/subscribe-page';
import { subscribeAction, subscribePageData } from '~/features/refills/subscribe.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/account-refills-new';

export function loader({ context, request }: Route.LoaderArgs) {
  return subscribePageData(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return subscribeAction(context, request);
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta() {
  return [{ title: pageTitle('Set up a refill plan') }, { name: 'robots', content: 'noindex' }];
}

export default function AccountRefillsNew({ loaderData }: Route.ComponentProps) {
  return <SubscribePage {...loaderData} />;
}
