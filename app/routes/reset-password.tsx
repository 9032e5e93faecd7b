import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { InvalidResetLink, ResetPasswordForm } from '~/features/account/components/reset-password-form';
import { resetPasswordAction } from '~/features/account/reset-password.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/reset-password';

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get('token') ?? '';
  return { token, invalid: params.has('error') || !token };
}

export function action({ context, request }: Route.ActionArgs) {
  return resetPasswordAction(context, request);
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta() {
  return [
    { title: pageTitle('Reset Password') },
    { name: 'description', content: 'Choose a new password for your MediSupply account.' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { token, invalid } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: 'Reset Password' }]} />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Reset Password</h1>
      <div className="mt-6 rounded-lg border border-border p-5 sm:p-8">
        {invalid ? (
          <InvalidResetLink />
        ) : (
          <>
            <p className="mb-5">Choose a new password for your account.</p>
            <ResetPasswordForm token={token} />
          </>
        )}
      </div>
    </div>
  );
}
