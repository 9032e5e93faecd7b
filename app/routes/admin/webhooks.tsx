import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { WebhooksPage } from '~/features/webhooks/components/webhooks-page';
import { webhooksAction, webhooksPageData } from '~/features/webhooks/webhooks-console.server';
import type { Route } from './+types/webhooks';

export function loader({ context, request }: Route.LoaderArgs) {
  return webhooksPageData(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return webhooksAction(context, request);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Webhooks');

export default function AdminWebhooks({ loaderData }: Route.ComponentProps) {
  return <WebhooksPage {...loaderData} />;
}
