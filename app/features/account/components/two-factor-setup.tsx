import { type FormEvent, useState } from 'react';
import { postJson } from '~/lib/api-client';
import { secondaryButton } from '~/components/ui/button-styles';
import { useFormErrors } from '~/lib/use-form-errors';
import { z } from 'zod';
import { useResultMessage } from '~/components/ui/use-result-message';
import { BackupCodes } from './backup-codes';
import { Field } from '~/components/ui/field';
import { FocusHeading } from './focus-heading';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';
import { TwoFactorVerify } from './two-factor-verify';

const passwordSchema = z.object({ password: z.string().min(1, 'Enter your password') });

interface Enabled {
  totpURI: string;
  backupCodes: string[];
}

/** Turning two-factor on: password, then app and code, then the backup codes. */
interface SetupProps {
  onVerified: () => Promise<void>;
  onCancel: () => void;
  onDone: () => void;
  /** The server asks for a recent sign-in: the page locks its settings and asks. */
  onReauthenticate: () => void;
}

export function TwoFactorSetup({ onVerified, onCancel, onDone, onReauthenticate }: SetupProps) {
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [enabled, setEnabled] = useState<Enabled | null>(null);
  const [verified, setVerified] = useState(false);
  const { formRef, errors, check, showErrors } = useFormErrors();
  const { messageRef, message, showMessage, clearMessage } = useResultMessage();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const input = check(passwordSchema, { password });
    if (!input) return;
    setPending(true);
    clearMessage();
    const response = await postJson<Enabled>('/api/auth/two-factor/enable', input);
    setPending(false);
    if (response.ok && response.data) {
      setPassword('');
      setEnabled(response.data);
    } else if (response.code === 'REAUTHENTICATION_REQUIRED') {
      // The settings were open too long: the page asks to confirm it is you again.
      onReauthenticate();
    } else if (response.code === 'INVALID_PASSWORD') {
      showErrors({ password: response.message ?? 'Your password is not correct' });
    } else {
      showMessage('error', response.message ?? 'We could not start two-factor setup. Please try again.');
    }
  }

  if (enabled && verified) return <BackupCodes codes={enabled.backupCodes} onDone={onDone} />;
  if (enabled) {
    return (
      <div className="space-y-4">
        <TwoFactorVerify
          totpURI={enabled.totpURI}
          onVerified={async () => {
            setVerified(true);
            await onVerified();
          }}
        />
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <FocusHeading>Turn on two-factor authentication</FocusHeading>
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          hint="Enter your password to continue."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <ResultMessage ref={messageRef} message={message} />
        <div className="flex flex-wrap gap-4">
          <SubmitButton pending={pending} pendingLabel="Checking...">
            Continue
          </SubmitButton>
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
