import { accountAccessLoader } from '~/features/account/access.server';
import { AccountAccess } from '~/features/account/components/account-access';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/login';

export function loader({ context, request }: Route.LoaderArgs) {
  return accountAccessLoader(context, request);
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

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
