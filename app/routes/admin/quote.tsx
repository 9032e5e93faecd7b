import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { QuoteConsole } from '~/features/quotes/components/console/quote-console';
import { quoteConsoleAction, quoteConsoleData } from '~/features/quotes/quotes-console.server';
import type { Route } from './+types/quote';

export function loader({ context, request, params }: Route.LoaderArgs) {
  return quoteConsoleData(context, request, params.quoteReference);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return quoteConsoleAction(context, request, params.quoteReference);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = ({ params }) => consoleMeta(`Quote ${params.quoteReference}`);

export default function AdminQuote({ loaderData }: Route.ComponentProps) {
  return <QuoteConsole {...loaderData} />;
}
