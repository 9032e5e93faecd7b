import { CampaignsPage } from '~/features/newsletter/components/console/campaign-pages';
import { campaignsPageData, newCampaignAction } from '~/features/newsletter/newsletter-console.server';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import type { Route } from './+types/campaigns';

export function loader({ context, request }: Route.LoaderArgs) {
  return campaignsPageData(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return newCampaignAction(context, request);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Campaigns');

export default function AdminCampaigns({ loaderData }: Route.ComponentProps) {
  return <CampaignsPage {...loaderData} />;
}
