import { type FormEvent, useState } from 'react';
import { postJson } from '~/lib/api-client';
import { secondaryButton } from '~/components/ui/button-styles';
import { disableTwoFactorSchema, withoutSpaces } from '../two-factor.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { useResultMessage } from '../use-result-message';
import { Field } from '~/components/ui/field';
import { ResultMessage } from './result-message';
import { SubmitButton } from './submit-button';

/** Turning two-factor off needs the password and a current code from the app. */
export function TwoFactorDisable({ onDisabled }: { onDisabled: () => Promise<void> }) {
  const [values, setValues] = useState({ password: '', code: '' });
  const [pending, setPending] = useState(false);
  const { formRef, errors, check, showErrors } = useFormErrors();
  const { messageRef, message, showMessage, clearMessage } = useResultMessage();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const input = check(disableTwoFactorSchema, { ...values, code: withoutSpaces(values.code) });
    if (!input) return;
    setPending(true);
    clearMessage();
    try {
      const response = await postJson('/api/auth/two-factor/disable', input);
      if (response.ok) return await onDisabled();
      if (response.fields) showErrors(response.fields);
      else if (response.code === 'invalid_code') showErrors({ code: response.message });
      else if (response.code === 'INVALID_PASSWORD') showErrors({ password: response.message });
      else showMessage('error', response.message ?? 'We could not turn off two-factor authentication.');
    } finally {
      setPending(false);
    }
  }

  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
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
