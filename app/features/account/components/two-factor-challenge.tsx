import { type FormEvent, useEffect, useRef, useState } from 'react';
import { postJson } from '~/lib/api-client';
import { linkButton, secondaryButton } from '~/components/ui/button-styles';
import { backupCodeSchema, totpCodeSchema, withoutSpaces } from '../two-factor.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { useResultMessage } from '../use-result-message';
import { Field } from '~/components/ui/field';
import { ResultMessage } from './result-message';
import { SubmitButton } from './submit-button';

/** The second sign-in step: a code from the authenticator app, or one of the backup codes. */
export function TwoFactorChallenge({
  onVerified,
  onCancel,
}: {
  onVerified: () => Promise<void>;
  onCancel: () => void;
}) {
  const [mode, setMode] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const { formRef, errors, check, showErrors } = useFormErrors();
  const { messageRef, message, showMessage, clearMessage } = useResultMessage();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const values =
      mode === 'totp'
        ? check(totpCodeSchema, { code: withoutSpaces(code) })
        : check(backupCodeSchema, { code });
    if (!values) return;
    setPending(true);
    clearMessage();
    try {
      const path = mode === 'totp' ? 'verify-totp' : 'verify-backup-code';
      const response = await postJson(`/api/auth/two-factor/${path}`, values);
      if (response.ok) return await onVerified();
      showMessage('error', response.message ?? 'That code is not valid. Please try again.');
    } finally {
      setPending(false);
    }
  }

  function switchMode() {
    setMode(mode === 'totp' ? 'backup' : 'totp');
    setCode('');
    showErrors({});
    clearMessage();
    inputRef.current?.focus();
  }

  return (
    <section aria-labelledby="two-factor-title" className="space-y-4">
      <h2 id="two-factor-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
        Two-factor authentication
      </h2>
      <p>
        {mode === 'totp'
          ? 'Open your authenticator app and enter the 6-digit code it shows for MediSupply.'
          : 'Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once.'}
      </p>
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        <Field
          ref={inputRef}
          label={mode === 'totp' ? 'Authentication code' : 'Backup code'}
          name="code"
          inputMode={mode === 'totp' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          maxLength={mode === 'totp' ? 7 : 32}
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={errors.code}
        />
        <ResultMessage ref={messageRef} message={message} />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pending={pending} pendingLabel="Verifying...">
            Verify
          </SubmitButton>
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Back to sign in
          </button>
        </div>
      </form>
      <button type="button" className={linkButton} onClick={switchMode}>
        {mode === 'totp' ? 'Use a backup code instead' : 'Use your authenticator app instead'}
      </button>
    </section>
  );
}
