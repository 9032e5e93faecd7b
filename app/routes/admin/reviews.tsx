import { ReviewQueue } from '~/features/reviews/components/console/review-queue';
import { reviewQueueAction, reviewQueueData } from '~/features/reviews/review-console.server';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import type { Route } from './+types/reviews';

export function loader({ context, request }: Route.LoaderArgs) {
  return reviewQueueData(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return reviewQueueAction(context, request);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Reviews');

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  return <ReviewQueue {...loaderData} />;
}
