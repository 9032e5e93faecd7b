import { personalDataDownload } from '~/features/privacy/account-data-actions.server';
import { reviewData } from '~/features/reviews/review-data.server';
import type { Route } from './+types/account-data';

/** GET /account/data: everything the store holds about the signed-in person, as a JSON file. */
export function loader({ context, request }: Route.LoaderArgs) {
  return personalDataDownload(context, request, reviewData);
}
