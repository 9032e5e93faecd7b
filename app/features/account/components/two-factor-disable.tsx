import { type FormEvent, useState } from 'react';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { secondaryButton } from '~/components/ui/button-styles';
import type { AccountAnswer } from '../account-forms';
import { disableTwoFactorSchema, withoutSpaces } from '../two-factor.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { Field } from '~/components/ui/field';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';

/** Turning two-factor off needs the password and a current code from the app. */
export function TwoFactorDisable() {
  const posted = usePostedAnswer<AccountAnswer>('two-factor-disable');
  const [values, setValues] = useState({ password: '', code: '' });
  const { formRef, errors, check, showErrors } = useFormErrors(posted?.fields);
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(answerMessage(posted));
  const { pending, submit } = useActionForm<AccountAnswer>('two-factor-disable', (answer) => {
    if (answer.fields) showErrors(answer.fields);
    // Its success is said by the section: this form is gone once the page data is fresh.
    if (!answer.ok) showAnswer(answer);
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = check(disableTwoFactorSchema, { ...values, code: withoutSpaces(values.code) });
    if (pending || !input) return;
    clearMessage();
    submit(event.currentTarget);
  }

  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="intent" value="two-factor-disable" />
      <h3 className="text-xl font-bold">Turn off two-factor authentication</h3>
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        error={errors.password}
      />
      <Field
        label="6-digit code from your authenticator app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={values.code}
        onChange={(e) => setValues((v) => ({ ...v, code: e.target.value }))}
        error={errors.code}
      />
      <ResultMessage ref={messageRef} message={message} />
      <SubmitButton pending={pending} pendingLabel="Turning off..." className={secondaryButton}>
        Turn off two-factor authentication
      </SubmitButton>
    </form>
  );
}
