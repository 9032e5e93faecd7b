import { data } from 'react-router';
import { NewsletterForm } from '~/features/newsletter/components/newsletter-form';
import { Notice } from '~/components/ui/notice';
import { NewsletterPage } from '~/features/newsletter/components/newsletter-page';
import { NEWSLETTER_TEXT } from '~/features/newsletter/newsletter';
import { signUpWithForm } from '~/features/newsletter/newsletter-form.server';
import { pageTitle, STORE } from '~/lib/store-info';
import type { Route } from './+types/newsletter';

/**
 * Where the sign-up form posts when the browser sends it itself (no JavaScript, or not loaded
 * yet). Its script posts the same field here asking for JSON, answered ahead of this action
 * (newsletter-form-answer.server.ts) by the same signUpWithForm, and toasts the answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await signUpWithForm(context.services, await request.formData(), context.clientIp);
  const { invalid, subscribed, failed } = NEWSLETTER_TEXT;
  if (outcome.status === 'invalid') return data({ kind: 'error' as const, ...invalid }, { status: 400 });
  if (outcome.status === 'rate_limited') {
    return data(
      { kind: 'error' as const, title: failed.title, description: outcome.message },
      { status: 429, headers: { 'Retry-After': String(outcome.retryAfterSeconds) } },
    );
  }
  return { kind: 'success' as const, ...subscribed };
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(actionHeaders);
  headers.set('Cache-Control', 'no-store');
  return headers;
};

export function meta() {
  return [
    { title: pageTitle('Newsletter') },
    {
      name: 'description',
      content: `Sign up for the ${STORE.name} newsletter: product news, offers and care tips.`,
    },
  ];
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <NewsletterPage title="Newsletter">
      {actionData ? (
        <Notice kind={actionData.kind} title={actionData.title}>
          <p>{actionData.description}</p>
          {actionData.kind === 'success' ? (
            <p>Please open the email we sent you and confirm your subscription.</p>
          ) : null}
        </Notice>
      ) : null}
      <p>
        Product news, offers and care tips by email. We send a confirmation email first, and every newsletter
        has a link to unsubscribe.
      </p>
      <NewsletterForm />
    </NewsletterPage>
  );
}
