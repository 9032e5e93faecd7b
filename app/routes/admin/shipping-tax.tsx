import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { ShopSettingsPage } from '~/features/shop-settings/components/shop-settings-page';
import {
  shopSettingsAction,
  shopSettingsPageData,
} from '~/features/shop-settings/shop-settings-console.server';
import type { Route } from './+types/shipping-tax';

export function loader({ context, request }: Route.LoaderArgs) {
  return shopSettingsPageData(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return shopSettingsAction(context, request);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Shipping and tax');

export default function AdminShippingTax({ loaderData }: Route.ComponentProps) {
  return <ShopSettingsPage {...loaderData} />;
}
