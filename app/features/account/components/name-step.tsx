import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Field } from '~/components/ui/field';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { useFormErrors } from '~/lib/use-form-errors';
import type { AccessAnswer } from '../account-forms';
import { nameSchema } from '../account.schema';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';

/**
 * Asked once, right after the first sign-in by a code or link by email: that sign-in made the
 * account from the address alone.
 */
export function NameStep({ onSaved }: { onSaved: () => Promise<void> }) {
  const posted = usePostedAnswer<AccessAnswer>('complete-name');
  const [firstName, setFirstName] = useState(posted?.values?.firstName ?? '');
  const [lastName, setLastName] = useState(posted?.values?.lastName ?? '');
  const { formRef, errors, check, showErrors } = useFormErrors(posted?.fields);
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(answerMessage(posted));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { pending, submit } = useActionForm<AccessAnswer>('complete-name', (answer) => {
    if (answer.ok) return void onSaved();
    if (answer.fields) showErrors(answer.fields);
    showAnswer(answer);
  });

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !check(nameSchema, { firstName, lastName })) return;
    clearMessage();
    submit(event.currentTarget);
  }

  return (
    <section aria-labelledby="name-step-title" className="space-y-4">
      <h2 id="name-step-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
        Welcome to MediSupply
      </h2>
      <p>You are signed in. Please tell us your name: we use it on your orders and in our emails to you.</p>
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        <input type="hidden" name="intent" value="complete-name" />
        <Field
          label="First name"
          name="firstName"
          autoComplete="given-name"
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          error={errors.firstName}
        />
        <Field
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
          error={errors.lastName}
        />
        <ResultMessage ref={messageRef} message={message} />
        <SubmitButton pending={pending} pendingLabel="Saving...">
          Save and continue
        </SubmitButton>
      </form>
    </section>
  );
}
