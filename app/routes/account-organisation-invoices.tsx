import { MemberInvoices } from '~/features/invoices/components/member-invoices';
import { memberInvoicesData } from '~/features/invoices/invoices-account.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/account-organisation-invoices';

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export function meta() {
  return [{ title: pageTitle('Invoices') }, { name: 'robots', content: 'noindex' }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  return memberInvoicesData(context, request);
}

export default function AccountOrganisationInvoices({ loaderData }: Route.ComponentProps) {
  return <MemberInvoices {...loaderData} />;
}
