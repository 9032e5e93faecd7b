import { QuotePage } from '~/features/quotes/components/quote-page';
import { placeStoredOrderOnTerms } from '~/features/checkout/placed-order.server';
import { quotePageAction, quotePageData } from '~/features/quotes/quote-page.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/account-quote';
import { QuotePayment } from './shared/quote-payment';

export function loader({ context, request, params }: Route.LoaderArgs) {
  return quotePageData(context, request, params.reference);
}

export function action({ context, request, params }: Route.ActionArgs) {
  // Accepted on invoice terms: the checkout places the order on them at once (docs/decisions/0059).
  return quotePageAction(context, request, params.reference, (orderId) =>
    placeStoredOrderOnTerms(context.services, orderId),
  );
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta({ params }: Route.MetaArgs) {
  return [{ title: pageTitle(`Quote ${params.reference}`) }, { name: 'robots', content: 'noindex' }];
}

export default function AccountQuote({ loaderData }: Route.ComponentProps) {
  const { session, ...rest } = loaderData;
  return <QuotePage {...rest} payment={session ? <QuotePayment session={session} /> : null} />;
}
