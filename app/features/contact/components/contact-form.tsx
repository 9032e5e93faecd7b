import { type FormEvent, useId, useState } from 'react';
import { Field, TextAreaField } from '~/components/ui/field';
import { SubmitButton } from '~/components/ui/submit-button';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { useFormErrors } from '~/lib/use-form-errors';
import { notify } from '~/lib/toast';
import { type ContactAnswer, contactSchema, HONEYPOT_FIELD } from '../contact.schema';

/**
 * Name, Email and Message, checked with the schema the page's action uses. The fields are
 * uncontrolled: the values are read once on submit and a reset after sending clears them. With
 * scripts the answer is a toast; without them (or before they run) the page comes back with it.
 */
export function ContactForm() {
  const posted = usePostedAnswer<ContactAnswer>('contact');
  const [notice, setNotice] = useState(posted?.message ? posted : undefined);
  const { formRef, errors, check, showErrors } = useFormErrors(posted?.fields);
  const honeypotId = useId();
  const { pending, submit } = useActionForm<ContactAnswer>('contact', (answer) => {
    if (answer.ok) {
      notify.success(answer.message ?? '');
      formRef.current?.reset();
      return;
    }
    if (answer.fields) showErrors(answer.fields);
    // A rate limit says how long to wait; other failures have nothing more useful to add.
    if (answer.message) notify.error(answer.message, { description: answer.description });
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (pending || !check(contactSchema, Object.fromEntries(new FormData(form)))) return;
    setNotice(undefined);
    submit(form);
  }

  const kept = posted?.values;
  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <Field
        label="Name"
        name="name"
        autoComplete="name"
        maxLength={100}
        defaultValue={kept?.name}
        error={errors.name}
      />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        defaultValue={kept?.email}
        error={errors.email}
      />
      <TextAreaField
        label="Message"
        name="message"
        maxLength={5000}
        hint="At least 10 characters."
        defaultValue={kept?.message}
        error={errors.message}
      />
      {/* The honeypot: hidden from people and assistive technology, filled in only by bots. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={honeypotId}>Leave this field empty</label>
        <input id={honeypotId} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {notice ? (
        <div
          role={notice.ok ? 'status' : 'alert'}
          className={`rounded-md border-2 p-3 font-bold ${notice.ok ? 'border-success text-success' : 'border-danger text-danger'}`}
        >
          <p>{notice.message}</p>
          {notice.description ? <p className="font-normal">{notice.description}</p> : null}
        </div>
      ) : null}
      <SubmitButton pending={pending} pendingLabel="Sending...">
        Send Message
      </SubmitButton>
    </form>
  );
}
