import { type FormEvent, useId } from 'react';
import { primaryButton } from '~/components/ui/button-styles';

/**
 * The newsletter sign-up, in the footer of every page, so it costs almost nothing in the first
 * load: a plain form that posts to the /newsletter page without JavaScript (or before the page
 * is interactive), and whose sending code is fetched only when someone submits it. The browser
 * checks "required" and the email type first; our stricter pattern (a dot after the @) is checked after.
 */
export function NewsletterForm() {
  const id = useId();
  return (
    <form method="post" action="/newsletter" onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor={id} className="block font-bold">
          Email address
        </label>
        <input
          id={id}
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={254}
          className="mt-1 block min-h-11 w-full rounded-md border border-border bg-bg px-3 text-fg"
        />
      </div>
      <button type="submit" className={primaryButton}>
        Subscribe
      </button>
    </form>
  );
}

function submit(event: FormEvent<HTMLFormElement>) {
  event.preventDefault();
  const form = event.currentTarget;
  void import('../newsletter-submit').then(
    (module) => module.submitNewsletter(form),
    // The code could not be fetched (offline, new deploy): post the form the plain way.
    () => form.submit(),
  );
}
