import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { noFormAction } from '~/console/staff-access.server';
import { QuotesQueue } from '~/features/quotes/components/console/quotes-queue';
import { quotesQueueData } from '~/features/quotes/quotes-console.server';
import type { Route } from './+types/quotes';

export function loader({ context, request }: Route.LoaderArgs) {
  return quotesQueueData(context, request);
}

export const action = noFormAction;
export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Quotes');

export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  return <QuotesQueue {...loaderData} />;
}
