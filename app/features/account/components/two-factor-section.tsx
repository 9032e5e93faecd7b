import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { primaryButton } from '~/components/ui/button-styles';
import type { AccountAnswer } from '../account-forms';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { AccountSection } from './account-section';
import { ResultMessage } from '~/components/ui/result-message';
import { lazyComponent } from '~/lib/lazy-component';
import { useHydrated } from '~/lib/use-hydrated';

// Only an account with two-factor on sees it: its code loads then.
const TwoFactorDisable = lazyComponent(() => import('./two-factor-disable').then((m) => m.TwoFactorDisable));

// Setting two-factor up is rare and needs scripts anyway: its steps load when it starts.
const TwoFactorSetup = lazy(() => import('./two-factor-setup').then((m) => ({ default: m.TwoFactorSetup })));

/** `staff`: the account runs the store; the console opens only with two-factor on. */
export function TwoFactorSection({
  enabled,
  staff = false,
  hasPassword = true,
}: {
  enabled: boolean;
  staff?: boolean;
  /** Turning it on asks for the password: an account without one sets it first. */
  hasPassword?: boolean;
}) {
  const hydrated = useHydrated();
  const [settingUp, setSettingUp] = useState(false);
  const [cancelled, setCancelled] = useState(0);
  const startRef = useRef<HTMLButtonElement>(null);
  const { revalidate } = useRevalidator();
  const posted = usePostedAnswer<AccountAnswer>('two-factor-disable');
  const { messageRef, message, showMessage, showAnswer, clearMessage } = useResultMessage(
    posted?.ok ? answerMessage(posted) : null,
  );
  // Turned off: the off form is gone with the fresh page data, so the section says so.
  useActionForm<AccountAnswer>('two-factor-disable', (answer) => {
    if (answer.ok) showAnswer(answer);
  });

  // Back on the start button after cancelling the setup, so focus is not lost.
  useEffect(() => {
    if (cancelled) startRef.current?.focus();
  }, [cancelled]);

  return (
    <AccountSection title="Two-factor authentication" id="two-factor">
      {staff && !enabled ? (
        <p className="rounded-md border-2 border-warning p-3 font-bold">
          Your account is a staff account: the store console opens once two-factor authentication is on. Turn
          it on below.
        </p>
      ) : null}
      <p>
        Two-factor authentication is <strong>{enabled ? 'on' : 'off'}</strong>.{' '}
        {enabled
          ? 'When you sign in, we ask for a code from your authenticator app as well as your password.'
          : 'Turn it on to protect your account with a code from an authenticator app as well as your password.'}
      </p>
      <ResultMessage ref={messageRef} message={message} />
      {settingUp ? (
        <Suspense fallback={null}>
          <TwoFactorSetup
            onVerified={async () => {
              await revalidate();
              showMessage('success', 'Two-factor authentication is now on. Save your backup codes below.');
            }}
            onCancel={() => {
              setSettingUp(false);
              setCancelled((n) => n + 1);
            }}
            onReauthenticate={() => void revalidate()}
            onDone={() => {
              setSettingUp(false);
              showMessage('success', 'Two-factor authentication is now on.');
            }}
          />
        </Suspense>
      ) : enabled ? (
        <TwoFactorDisable />
      ) : !hasPassword ? (
        <p>Set a password above first: turning on two-factor authentication asks for it.</p>
      ) : (
        <button
          ref={startRef}
          type="button"
          className={primaryButton}
          // Its steps need scripts: a click before they run would be lost, so it waits for them.
          disabled={!hydrated}
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
