import { type FormEvent, useId, useState } from 'react';
import { Field, TextAreaField } from '~/components/ui/field';
import { SubmitButton } from '~/features/account/components/submit-button';
import { useFormErrors } from '~/lib/use-form-errors';
import { postJson } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { CONTACT_MESSAGES, contactSchema, HONEYPOT_FIELD } from '../contact.schema';

/**
 * Name, Email and Message, checked with the schema the server uses. The fields are uncontrolled:
 * the values are read once on submit and a reset after sending clears them.
 */
export function ContactForm() {
  const [pending, setPending] = useState(false);
  const { formRef, errors, check, showErrors } = useFormErrors();
  const honeypotId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const values = check(contactSchema, Object.fromEntries(new FormData(form)));
    if (!values) return;
    setPending(true);
    try {
      const response = await postJson('/api/contact', values);
      if (response.ok) {
        notify.success(CONTACT_MESSAGES.sent);
        form.reset();
        return;
      }
      if (response.fields) showErrors(response.fields);
      // A rate limit says how long to wait; other failures have nothing more useful to add.
      notify.error(CONTACT_MESSAGES.failed, response.status === 429 ? { description: response.message } : {});
    } finally {
      setPending(false);
    }
  }

  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <Field label="Name" name="name" autoComplete="name" maxLength={100} error={errors.name} />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        error={errors.email}
      />
      <TextAreaField
        label="Message"
        name="message"
        maxLength={5000}
        hint="At least 10 characters."
        error={errors.message}
      />
      {/* The honeypot: hidden from people and assistive technology, filled in only by bots. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={honeypotId}>Leave this field empty</label>
        <input id={honeypotId} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <SubmitButton pending={pending} pendingLabel="Sending...">
        Send Message
      </SubmitButton>
    </form>
  );
}
