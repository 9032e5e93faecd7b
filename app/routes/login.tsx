import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { accountAccessAction } from '~/features/account/access-actions.server';
import { accountAccessLoader } from '~/features/account/access.server';
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

/** After a form of this page, nothing here changes (a signed-in visitor moves on by itself). */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== 'GET' ? false : defaultShouldRevalidate;
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
};

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
    />
  );
}
