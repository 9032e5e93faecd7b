import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { PromotionsPage } from '~/features/promotions/components/promotions-page';
import { promotionsAction, promotionsPageData } from '~/features/promotions/promotions-console.server';
import type { Route } from './+types/promotions';

export function loader({ context, request }: Route.LoaderArgs) {
  return promotionsPageData(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return promotionsAction(context, request);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Promotions');

export default function AdminPromotions({ loaderData }: Route.ComponentProps) {
  return <PromotionsPage {...loaderData} />;
}
