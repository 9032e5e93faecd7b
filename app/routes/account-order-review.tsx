import { ReviewFormPage } from '~/features/reviews/components/review-form-page';
import { reviewAction, reviewPageData } from '~/features/reviews/review-actions.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/account-order-review';

export function loader({ context, request, params }: Route.LoaderArgs) {
  return reviewPageData(context, request, params);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return reviewAction(context, request, params);
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaded ? `Review ${loaded.line.name}` : 'Review') },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AccountOrderReview({ loaderData }: Route.ComponentProps) {
  return <ReviewFormPage line={loaderData.line} own={loaderData.own} />;
}
