import { SubscribersPage } from '~/features/newsletter/components/console/subscribers-page';
import { subscribersAction, subscribersPageData } from '~/features/newsletter/newsletter-console.server';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import type { Route } from './+types/newsletter';

export function loader({ context, request }: Route.LoaderArgs) {
  return subscribersPageData(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return subscribersAction(context, request);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Newsletter subscribers');

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  return <SubscribersPage {...loaderData} />;
}
