import { InboxPage } from '~/features/contact/components/console/inbox-pages';
import { inboxPageData } from '~/features/contact/contact-inbox-console.server';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { noFormAction } from '~/console/staff-access.server';
import type { Route } from './+types/messages';

export function loader({ context, request }: Route.LoaderArgs) {
  return inboxPageData(context, request);
}

export const action = noFormAction;

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Contact messages');

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  return <InboxPage {...loaderData} />;
}
