import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';
import { useResultMessage } from '../use-result-message';
import { AccountSection } from './account-section';
import { ResultMessage } from './result-message';
import { TwoFactorDisable } from './two-factor-disable';
import { TwoFactorSetup } from './two-factor-setup';

export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const [settingUp, setSettingUp] = useState(false);
  const [cancelled, setCancelled] = useState(0);
  const startRef = useRef<HTMLButtonElement>(null);
  const { revalidate } = useRevalidator();
  const { messageRef, message, showMessage, clearMessage } = useResultMessage();

  // Back on the start button after cancelling the setup, so focus is not lost.
  useEffect(() => {
    if (cancelled) startRef.current?.focus();
  }, [cancelled]);

  return (
    <AccountSection title="Two-factor authentication">
      <p>
        Two-factor authentication is <strong>{enabled ? 'on' : 'off'}</strong>.{' '}
        {enabled
          ? 'When you sign in, we ask for a code from your authenticator app as well as your password.'
          : 'Turn it on to protect your account with a code from an authenticator app as well as your password.'}
      </p>
      <ResultMessage ref={messageRef} message={message} />
      {settingUp ? (
        <TwoFactorSetup
          onVerified={async () => {
            await revalidate();
            showMessage('success', 'Two-factor authentication is now on. Save your backup codes below.');
          }}
          onCancel={() => {
            setSettingUp(false);
            setCancelled((n) => n + 1);
          }}
          onDone={() => {
            setSettingUp(false);
            showMessage('success', 'Two-factor authentication is now on.');
          }}
        />
      ) : enabled ? (
        <TwoFactorDisable
          onDisabled={async () => {
            await revalidate();
            showMessage('success', 'Two-factor authentication is now off.');
          }}
        />
      ) : (
        <button
          ref={startRef}
          type="button"
          className={primaryButton}
          onClick={() => {
            clearMessage();
            setSettingUp(true);
          }}
        >
          Turn on two-factor authentication
        </button>
      )}
    </AccountSection>
  );
}
