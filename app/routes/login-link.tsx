import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { accountAccessAction } from '~/features/account/access-actions.server';
import { magicLinkLoader } from '~/features/account/access.server';
import { accessPageHeaders, accessShouldRevalidate } from '~/features/account/access-route';
import { MagicLinkLanding } from '~/features/account/components/magic-link-landing';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/login-link';

export function loader({ request }: Route.LoaderArgs) {
  return magicLinkLoader(request);
}

/** The button of the page (intent magic-link), then the second factor or the name step. */
export function action({ context, request }: Route.ActionArgs) {
  return accountAccessAction(context, request);
}

export const shouldRevalidate = accessShouldRevalidate;
export const headers: Route.HeadersFunction = accessPageHeaders;

export function meta() {
  return [
    { title: pageTitle('Sign In') },
    { name: 'description', content: 'Finish signing in to your MediSupply account.' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function LoginLink({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: 'Account Access' }]} />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Account Access</h1>
      <div className="mt-6 rounded-lg border border-border p-5 sm:p-8">
        <MagicLinkLanding token={loaderData.token} redirectTo={loaderData.redirectTo} />
      </div>
    </div>
  );
}
