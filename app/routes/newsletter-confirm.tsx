import { Link } from 'react-router';
import { Notice } from '~/components/ui/notice';
import { NewsletterPage, TokenButton } from '~/features/newsletter/components/newsletter-page';
import { newsletterTokenSchema } from '~/features/newsletter/newsletter.schema';
import { confirmSubscription } from '~/features/newsletter/newsletter.server';
import { pageTitle } from '~/lib/store-info';
import type { Route } from './+types/newsletter-confirm';

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token, wellFormed: newsletterTokenSchema.safeParse(token).success };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return {
    confirmed: await confirmSubscription(context.services.database.db, String(form.get('token') ?? '')),
  };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta() {
  return [{ title: pageTitle('Confirm your subscription') }, { name: 'robots', content: 'noindex' }];
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { token, wellFormed } = loaderData;
  let body;
  if (actionData?.confirmed) {
    body = (
      <Notice kind="success" title="Subscription confirmed">
        <p>Thank you! Our newsletter will come to this email address.</p>
        <p>
          <Link to="/" className="font-bold text-brand underline underline-offset-2">
            Continue shopping
          </Link>
        </p>
      </Notice>
    );
  } else if (actionData || !wellFormed) {
    body = (
      <Notice kind="error" title="This link is not valid or has expired">
        <p>
          Confirmation links work for 7 days. Sign up again with the form at the bottom of this page and we
          will send you a new one.
        </p>
      </Notice>
    );
  } else {
    body = (
      <>
        <p>Select the button below to confirm your email address and start receiving our newsletter.</p>
        <TokenButton token={token} label="Confirm subscription" pendingLabel="Confirming..." />
      </>
    );
  }
  return <NewsletterPage title="Confirm your subscription">{body}</NewsletterPage>;
}
