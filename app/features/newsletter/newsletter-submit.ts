import { postForm } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { NEWSLETTER_EMAIL, NEWSLETTER_TEXT } from './newsletter';

const busy = new WeakSet<HTMLFormElement>();

/**
 * Posts the sign-up form's field to the form's own action, /newsletter, asking for JSON
 * (docs/decisions/0045), and answers with a toast.
 */
export async function submitNewsletter(form: HTMLFormElement): Promise<void> {
  if (busy.has(form)) return;
  const input = form.elements.namedItem('email');
  const email = input instanceof HTMLInputElement ? input.value.trim() : '';
  const { invalid, subscribed, failed } = NEWSLETTER_TEXT;
  if (!NEWSLETTER_EMAIL.test(email)) {
    notify.error(invalid.title, { description: invalid.description });
    if (input instanceof HTMLInputElement) input.focus();
    return;
  }
  busy.add(form);
  try {
    const response = await postForm('/newsletter', { email });
    if (response.ok) {
      notify.success(subscribed.title, { description: subscribed.description });
      form.reset();
    } else if (response.code === 'invalid_body') {
      notify.error(invalid.title, { description: invalid.description });
    } else {
      const description = response.status === 429 && response.message ? response.message : failed.description;
      notify.error(failed.title, { description });
    }
  } finally {
    busy.delete(form);
  }
}
