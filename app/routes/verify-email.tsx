import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { VerifyEmailLanding } from '~/features/account/components/verify-email-landing';
import { verifyEmailAction, verifyEmailLoader } from '~/features/account/verify-email.server';
import { accessPageHeaders, accessShouldRevalidate } from '~/features/account/access-route';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/verify-email';

export function loader({ request }: Route.LoaderArgs) {
  return verifyEmailLoader(request);
}

/** The button of the page: confirms the address (and signs a shopper in). */
export function action({ context, request }: Route.ActionArgs) {
  return verifyEmailAction(context, request);
}

export const shouldRevalidate = accessShouldRevalidate;
export const headers: Route.HeadersFunction = accessPageHeaders;

export function meta() {
  return [
    { title: pageTitle('Confirm Email Address') },
    { name: 'description', content: 'Confirm the email address of your MediSupply account.' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: 'Confirm Email Address' }]} />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Confirm Email Address</h1>
      <div className="mt-6 rounded-lg border border-border p-5 sm:p-8">
        <VerifyEmailLanding {...loaderData} />
      </div>
    </div>
  );
}
