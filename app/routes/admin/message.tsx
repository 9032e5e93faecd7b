import { MessagePage } from '~/features/contact/components/console/inbox-pages';
import { messageAction, messagePageData } from '~/features/contact/contact-inbox-console.server';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import type { Route } from './+types/message';

export function loader({ context, request, params }: Route.LoaderArgs) {
  return messagePageData(context, request, params.messageId);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return messageAction(context, request, params.messageId);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = ({ data: loaded }) =>
  consoleMeta(loaded ? `Message from ${loaded.message.name}` : 'Message');

export default function AdminMessage({ loaderData }: Route.ComponentProps) {
  return <MessagePage {...loaderData} />;
}
