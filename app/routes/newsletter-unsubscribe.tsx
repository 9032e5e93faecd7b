import { Notice } from '~/components/ui/notice';
import { NewsletterPage, TokenButton } from '~/features/newsletter/components/newsletter-page';
import { unsubscribeTokenSchema } from '~/features/newsletter/newsletter.schema';
import { unsubscribe } from '~/features/newsletter/newsletter.server';
import { pageTitle, STORE } from '~/lib/store-info';
import type { Route } from './+types/newsletter-unsubscribe';

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token, wellFormed: unsubscribeTokenSchema.safeParse(token).success };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { database, env } = context.services;
  return { unsubscribed: await unsubscribe(database.db, String(form.get('token') ?? ''), env.AUTH_SECRET) };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export function meta() {
  return [{ title: pageTitle('Unsubscribe') }, { name: 'robots', content: 'noindex' }];
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { token, wellFormed } = loaderData;
  let body;
  if (actionData?.unsubscribed) {
    body = (
      <Notice kind="success" title="You have been unsubscribed">
        <p>We will not send our newsletter to this email address any more.</p>
      </Notice>
    );
  } else if (actionData || !wellFormed) {
    body = (
      <Notice kind="error" title="This unsubscribe link is not valid">
        <p>
          Please copy the whole link from the email, or write to{' '}
          <a
            href={`mailto:${STORE.supportEmail}`}
            className="font-bold text-brand underline underline-offset-2"
          >
            {STORE.supportEmail}
          </a>{' '}
          and we will unsubscribe you.
        </p>
      </Notice>
    );
  } else {
    body = (
      <>
        <p>Select the button below to stop receiving our newsletter at this email address.</p>
        <TokenButton token={token} label="Unsubscribe" pendingLabel="Unsubscribing..." />
      </>
    );
  }
  return <NewsletterPage title="Unsubscribe">{body}</NewsletterPage>;
}
