import { type FormEvent, useState } from 'react';
import { postJson } from '~/lib/api-client';
import { groupInFours, totpSecret } from '../totp-uri';
import { totpCodeSchema, withoutSpaces } from '../two-factor.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { useResultMessage } from '~/components/ui/use-result-message';
import { Field } from '~/components/ui/field';
import { FocusHeading } from './focus-heading';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';
import { TotpQrCode } from './totp-qr-code';

/** Step two of turning two-factor on: add the key to an app, then prove it with a code. */
export function TwoFactorVerify({
  totpURI,
  onVerified,
}: {
  totpURI: string;
  onVerified: () => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const { formRef, errors, check } = useFormErrors();
  const { messageRef, message, showMessage, clearMessage } = useResultMessage();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const input = check(totpCodeSchema, { code: withoutSpaces(code) });
    if (!input) return;
    setPending(true);
    clearMessage();
    try {
      const response = await postJson('/api/auth/two-factor/verify-totp', input);
      if (response.ok) return await onVerified();
      showMessage(
        'error',
        response.message ?? 'That code is not valid. Enter the current code from your app.',
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-4">
      <FocusHeading>Set up your authenticator app</FocusHeading>
      <ol className="list-decimal space-y-2 pl-6">
        <li>
          Open an authenticator app on your phone, such as Google Authenticator or Microsoft Authenticator.
        </li>
        <li>Scan this QR code with the app, or type in the secret key shown below it.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <TotpQrCode uri={totpURI} />
      <p>
        Secret key:{' '}
        <code className="rounded bg-surface px-2 py-1 font-mono text-lg">
          {groupInFours(totpSecret(totpURI))}
        </code>
      </p>
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <Field
          label="6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={errors.code}
        />
        <ResultMessage ref={messageRef} message={message} />
        <SubmitButton pending={pending} pendingLabel="Verifying...">
          Verify and turn on
        </SubmitButton>
      </form>
    </div>
  );
}
