import { accountAccessLoader } from '~/features/account/access.server';
import { AccountAccess } from '~/features/account/components/account-access';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/signup';

export function loader({ context, request }: Route.LoaderArgs) {
  return accountAccessLoader(context, request);
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta() {
  return [
    { title: pageTitle('Create Account') },
    {
      name: 'description',
      content: 'Create a MediSupply account to check out faster and manage your details.',
    },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Signup({ loaderData }: Route.ComponentProps) {
  return (
    <AccountAccess
      initialTab="register"
      redirectTo={loaderData.redirectTo}
      showForgot={loaderData.showForgot}
    />
  );
}
