import { QuotesPage } from '~/features/quotes/components/quotes-page';
import { quotesPageAction, quotesPageData } from '~/features/quotes/quote-pages.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/account-quotes';

export function loader({ context, request }: Route.LoaderArgs) {
  return quotesPageData(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return quotesPageAction(context, request);
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta() {
  return [{ title: pageTitle('Your quotes') }, { name: 'robots', content: 'noindex' }];
}

export default function AccountQuotes({ loaderData }: Route.ComponentProps) {
  return <QuotesPage {...loaderData} />;
}
