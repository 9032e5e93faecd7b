import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useHydrated } from '~/lib/use-hydrated';
import { linkButton, secondaryButton } from '~/components/ui/button-styles';
import { Field } from '~/components/ui/field';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { useFormErrors } from '~/lib/use-form-errors';
import type { AccountAnswer } from '../account-forms';
import { reauthCodeSchema, reauthPasswordSchema } from '../reauth.schema';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';

/**
 * "Confirm it is you", in place of the sign-in and security settings: the password, or a code
 * emailed to the account's address. Each button posts to /account (with or without scripts);
 * success reloads the page data, which opens the settings for 10 minutes.
 */
export function ConfirmIdentity({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const postedCode = usePostedAnswer<AccountAnswer>('reauth-send-code', 'reauth-code');
  const postedPassword = usePostedAnswer<AccountAnswer>('reauth-password');
  const [byCode, setByCode] = useState(!hasPassword || Boolean(postedCode?.codeSent));
  const [codeSent, setCodeSent] = useState(Boolean(postedCode?.codeSent));
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { formRef, errors, check, showErrors } = useFormErrors(postedPassword?.fields ?? postedCode?.fields);
  const { messageRef, message, showAnswer, showMessage, clearMessage } = useResultMessage(
    answerMessage(postedCode ?? postedPassword),
  );
  const onAnswer = (answer: AccountAnswer) => {
    if (answer.codeSent) setCodeSent(true);
    if (answer.fields) showErrors(answer.fields);
    if (!answer.ok || answer.codeSent) showAnswer(answer);
  };
  const hydrated = useHydrated();
  const { revalidate } = useRevalidator();
  const [passkeyPending, setPasskeyPending] = useState(false);
  const passwordForm = useActionForm<AccountAnswer>('reauth-password', onAnswer);
  const sendForm = useActionForm<AccountAnswer>('reauth-send-code', onAnswer);
  const codeForm = useActionForm<AccountAnswer>('reauth-code', onAnswer);

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (passwordForm.pending || !check(reauthPasswordSchema, { password })) return;
    clearMessage();
    passwordForm.submit(event.currentTarget);
  }

  function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendForm.pending) return;
    clearMessage();
    setByCode(true);
    sendForm.submit(event.currentTarget);
  }

  // A passkey signs in afresh on this device: the new session is the recent sign-in.
  async function confirmWithPasskey() {
    if (passkeyPending) return;
    setPasskeyPending(true);
    clearMessage();
    const { signInWithPasskey } = await import('../passkey-client');
    const result = await signInWithPasskey();
    setPasskeyPending(false);
    if (result.ok) await revalidate();
    else showMessage('error', result.message);
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (codeForm.pending || !check(reauthCodeSchema, { code: code.replace(/\s/g, '') })) return;
    clearMessage();
    codeForm.submit(event.currentTarget);
  }

  return (
    <div className="space-y-4">
      <h3 className="text-xl font-bold">Confirm it is you</h3>
      <p>
        To change your password, two-factor authentication or sign-in methods, or to delete your account,
        first confirm it is you. You can then make changes for 10 minutes.
      </p>
      <ResultMessage ref={messageRef} message={message} />
      {byCode ? (
        codeSent ? (
          <form ref={formRef} method="post" noValidate onSubmit={submitCode} className="space-y-4">
            <input type="hidden" name="intent" value="reauth-code" />
            <Field
              label="Confirmation code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              hint={`The 6-digit code we emailed to ${email}`}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={errors.code}
            />
            <SubmitButton pending={codeForm.pending} pendingLabel="Checking...">
              Confirm
            </SubmitButton>
          </form>
        ) : null
      ) : (
        <form ref={formRef} method="post" noValidate onSubmit={submitPassword} className="space-y-4">
          <input type="hidden" name="intent" value="reauth-password" />
          <Field
            label="Your password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <SubmitButton pending={passwordForm.pending} pendingLabel="Checking...">
            Confirm
          </SubmitButton>
        </form>
      )}
      {hydrated && typeof window.PublicKeyCredential !== 'undefined' ? (
        <button
          type="button"
          className={linkButton}
          disabled={passkeyPending}
          onClick={() => void confirmWithPasskey()}
        >
          {passkeyPending ? 'Waiting for your passkey...' : 'Use a passkey instead'}
        </button>
      ) : null}
      <form method="post" onSubmit={sendCode}>
        <input type="hidden" name="intent" value="reauth-send-code" />
        <button
          type="submit"
          disabled={sendForm.pending}
          className={byCode && !codeSent ? secondaryButton : linkButton}
        >
          {codeSent ? 'Email me a new code' : hasPassword ? 'Email me a code instead' : 'Email me a code'}
        </button>
      </form>
    </div>
  );
}
