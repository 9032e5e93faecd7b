import { CampaignPage } from '~/features/newsletter/components/console/campaign-pages';
import { campaignAction, campaignPageData } from '~/features/newsletter/newsletter-console.server';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import type { Route } from './+types/campaign';

export function loader({ context, request, params }: Route.LoaderArgs) {
  return campaignPageData(context, request, params.campaignId);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return campaignAction(context, request, params.campaignId);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = ({ data: loaded }) =>
  consoleMeta(loaded ? `Campaign: ${loaded.campaign.subject}` : 'Campaign');

export default function AdminCampaign({ loaderData }: Route.ComponentProps) {
  return <CampaignPage {...loaderData} />;
}
