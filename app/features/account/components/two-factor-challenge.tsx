import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { linkButton, secondaryButton } from '~/components/ui/button-styles';
import type { AccessAnswer } from '../account-forms';
import { backupCodeSchema, smsCodeSchema, totpCodeSchema, withoutSpaces } from '../two-factor.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { Field } from '~/components/ui/field';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';

const INSTRUCTIONS = {
  totp: 'Open your authenticator app and enter the 6-digit code it shows for MediSupply.',
  backup:
    'Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once.',
  sms: 'Enter the 6-digit code we texted to the mobile number on your account.',
} as const;

const LABELS = {
  totp: 'Authentication code',
  backup: 'Backup code',
  sms: 'Code from the text message',
} as const;

/**
 * The second sign-in step: a code from the authenticator app, or one of the backup codes.
 * Without scripts each button posts (the code, the other kind of code) or goes back to /login.
 */
export function TwoFactorChallenge({
  redirectTo,
  onVerified,
  onCancel,
}: {
  redirectTo: string;
  onVerified: () => Promise<void>;
  onCancel: () => void;
}) {
  const posted = usePostedAnswer<AccessAnswer>('two-factor');
  const [mode, setMode] = useState(posted?.mode ?? 'totp');
  const [code, setCode] = useState('');
  const { formRef, errors, check, showErrors } = useFormErrors(posted?.fields);
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(answerMessage(posted));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const backId = useId();
  const { pending, sending, submit } = useActionForm<AccessAnswer>('two-factor', (answer) => {
    if (answer.codeSent) {
      setMode('sms');
      setCode('');
      showErrors({});
      inputRef.current?.focus();
      return showAnswer(answer);
    }
    if (answer.ok) return void onVerified();
    if (answer.fields) showErrors(answer.fields);
    showAnswer(answer);
  });

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values =
      mode === 'backup'
        ? check(backupCodeSchema, { code })
        : check(mode === 'sms' ? smsCodeSchema : totpCodeSchema, { code: withoutSpaces(code) });
    if (pending || !values) return;
    clearMessage();
    submit(event.currentTarget);
  }

  function textMeACode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    clearMessage();
    submit(event.currentTarget, { mode: 'sms', send: '1' });
  }

  function switchMode(event: FormEvent) {
    event.preventDefault();
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
      <p>{INSTRUCTIONS[mode]}</p>
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        <input type="hidden" name="intent" value="two-factor" />
        <input type="hidden" name="mode" value={mode} />
        <Field
          ref={inputRef}
          label={LABELS[mode]}
          name="code"
          inputMode={mode === 'backup' ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          maxLength={mode === 'backup' ? 32 : 7}
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
          <button
            type="submit"
            form={backId}
            className={secondaryButton}
            onClick={(event) => {
              event.preventDefault();
              onCancel();
            }}
          >
            Back to sign in
          </button>
        </div>
      </form>
      <form id={backId} method="get" action="/login">
        {redirectTo === '/' ? null : <input type="hidden" name="redirectTo" value={redirectTo} />}
      </form>
      <form method="post" onSubmit={switchMode}>
        <input type="hidden" name="intent" value="two-factor" />
        <input type="hidden" name="mode" value={mode === 'totp' ? 'backup' : 'totp'} />
        <input type="hidden" name="switch" value="1" />
        <button type="submit" className={linkButton}>
          {mode === 'totp' ? 'Use a backup code instead' : 'Use your authenticator app instead'}
        </button>
      </form>
      <form method="post" onSubmit={textMeACode}>
        <input type="hidden" name="intent" value="two-factor" />
        <input type="hidden" name="mode" value="sms" />
        <input type="hidden" name="send" value="1" />
        <button type="submit" className={linkButton} disabled={pending}>
          {sending && mode !== 'sms'
            ? 'Sending...'
            : mode === 'sms'
              ? 'Text me a new code'
              : 'Text me a code instead'}
        </button>
      </form>
    </section>
  );
}
