import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';

/** Frame of the newsletter pages: breadcrumb, one h1, a narrow column. */
export function NewsletterPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: title }]} />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{title}</h1>
      <div className="mt-6 space-y-5">{children}</div>
    </div>
  );
}

/**
 * A one-button form carrying the mail's token. The step is a POST on purpose: mail scanners
 * open links (GET) to check them, and must not confirm or unsubscribe anyone by doing so.
 */
export function TokenButton({
  token,
  label,
  pendingLabel,
}: {
  token: string;
  label: string;
  pendingLabel: string;
}) {
  const submitting = useNavigation().state === 'submitting';
  return (
    <Form method="post">
      <input type="hidden" name="token" value={token} />
      <button type="submit" className={primaryButton} disabled={submitting}>
        {submitting ? pendingLabel : label}
      </button>
    </Form>
  );
}
