import { useEffect, useRef } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { linkButton, primaryButton } from '~/components/ui/button-styles';
import { Field } from '~/components/ui/field';

interface Answer {
  message: string;
  mode: 'totp' | 'backup';
}

/**
 * The console's second-factor challenge (ADR 0038): a session made without the second factor
 * (an organisation or Google sign-in, a passkey without user verification) gives the code of
 * the authenticator app, or a backup code, before any console page. Works without scripts.
 */
export function SecondFactorPage({
  email,
  redirectTo,
  backup,
}: {
  email: string;
  redirectTo: string;
  backup: boolean;
}) {
  const answer = useActionData<Answer>();
  const navigation = useNavigation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const mode = answer?.mode ?? (backup ? 'backup' : 'totp');
  const action = `?redirectTo=${encodeURIComponent(redirectTo)}`;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  useEffect(() => {
    if (answer) messageRef.current?.focus();
  }, [answer]);

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold">
        Confirm it is you
      </h1>
      <p className="mt-4">
        You are signed in as <strong>{email}</strong>. The store console needs your second factor on this
        device:{' '}
        {mode === 'totp'
          ? 'enter the 6-digit code your authenticator app shows for MediSupply.'
          : 'enter one of the backup codes you saved. Each code works once.'}
      </p>
      <Form method="post" action={action} noValidate className="mt-6 space-y-5">
        <input type="hidden" name="mode" value={mode} />
        <Field
          label={mode === 'totp' ? 'Authentication code' : 'Backup code'}
          name="code"
          inputMode={mode === 'totp' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          maxLength={mode === 'totp' ? 7 : 32}
          spellCheck={false}
          required
          error={answer?.message}
        />
        <div role="alert">
          {answer ? (
            <p
              ref={messageRef}
              tabIndex={-1}
              className="rounded-md border-2 border-danger p-3 font-bold text-danger"
            >
              {answer.message}
            </p>
          ) : null}
        </div>
        <button type="submit" className={primaryButton} disabled={navigation.state === 'submitting'}>
          Verify
        </button>
      </Form>
      <p className="mt-6">
        <a
          className={linkButton}
          href={`/admin/verify?redirectTo=${encodeURIComponent(redirectTo)}${mode === 'totp' ? '&backup=1' : ''}`}
        >
          {mode === 'totp' ? 'Use a backup code instead' : 'Use your authenticator app instead'}
        </a>
      </p>
    </div>
  );
}
