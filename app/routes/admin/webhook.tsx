import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { WebhookEndpointPage } from '~/features/webhooks/components/webhook-endpoint-page';
import { endpointAction, endpointPageData } from '~/features/webhooks/webhook-deliveries.server';
import type { Route } from './+types/webhook';

export function loader({ context, request, params }: Route.LoaderArgs) {
  return endpointPageData(context, request, params.endpointId);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return endpointAction(context, request, params.endpointId);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Webhook deliveries');

export default function AdminWebhook({ loaderData }: Route.ComponentProps) {
  return <WebhookEndpointPage {...loaderData} />;
}
