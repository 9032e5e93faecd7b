import { accountAccessAction } from '~/features/account/access-actions.server';
import { accountAccessLoader } from '~/features/account/access.server';
import { accessPageHeaders, accessShouldRevalidate } from '~/features/account/access-route';
import { AccountAccess } from '~/features/account/components/account-access';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/login';

export function loader({ context, request }: Route.LoaderArgs) {
  return accountAccessLoader(context, request);
}

/** Sign in, register, reset and second step: each form posts here (see the action's intents). */
export function action({ context, request }: Route.ActionArgs) {
  return accountAccessAction(context, request);
}

export const shouldRevalidate = accessShouldRevalidate;
export const headers: Route.HeadersFunction = accessPageHeaders;

export function meta() {
  return [
    { title: pageTitle('Sign In') },
    { name: 'description', content: 'Sign in to your MediSupply account, or create a new account.' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Login({ loaderData }: Route.ComponentProps) {
  return (
    <AccountAccess
      initialTab="signin"
      redirectTo={loaderData.redirectTo}
      showForgot={loaderData.showForgot}
      needsName={loaderData.needsName}
      providers={loaderData.providers}
      organisations={loaderData.organisations}
      providerError={loaderData.providerError}
    />
  );
}
