import { LINK_TITLES, RefillLinkPage } from '~/features/refill-cycles/components/refill-link-page';
import { refillLinkAction, refillLinkPage } from '~/features/refill-cycles/refill-link.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/refill-link';

export function loader({ context, params, request }: Route.LoaderArgs) {
  return refillLinkPage(context, params, request);
}

export function action({ context, params, request }: Route.ActionArgs) {
  return refillLinkAction(context, params, request);
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta({ data }: Route.MetaArgs) {
  const title = data ? LINK_TITLES[data.action] : 'Refill plan';
  return [{ title: pageTitle(title) }, { name: 'robots', content: 'noindex' }];
}

export default function RefillLink({ loaderData, actionData }: Route.ComponentProps) {
  return <RefillLinkPage page={loaderData} answer={actionData} />;
}
