import { TaxExemptionPage } from '~/features/tax-exemption/components/tax-exemption-page';
import {
  taxExemptionAction,
  taxExemptionPageData,
} from '~/features/tax-exemption/tax-exemption-account.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/account-tax-exemption';

export function loader({ context, request }: Route.LoaderArgs) {
  return taxExemptionPageData(context, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return taxExemptionAction(context, request);
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta() {
  return [{ title: pageTitle('Tax exemption') }, { name: 'robots', content: 'noindex' }];
}

export default function AccountTaxExemption({ loaderData }: Route.ComponentProps) {
  return <TaxExemptionPage {...loaderData} />;
}
