import { useState } from 'react';
import { secondaryButton } from '~/components/ui/button-styles';
import { useHydrated } from '~/lib/use-hydrated';

/**
 * "Sign in with a passkey": the device's fingerprint, face or PIN instead of a password. Needs
 * scripts (WebAuthn), so it appears once the page is interactive; its code loads on the press.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!hydrated || typeof window.PublicKeyCredential === 'undefined') return null;

  async function signIn() {
    if (pending) return;
    setPending(true);
    setMessage(null);
    const { signInWithPasskey } = await import('../passkey-client');
    const result = await signInWithPasskey();
    setPending(false);
    if (result.ok) return onSignedIn();
    setMessage(result.message);
  }

  return (
    <div className="space-y-3 border-t border-border pt-5">
      <button type="button" className={secondaryButton} disabled={pending} onClick={() => void signIn()}>
        {pending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </button>
      {message ? (
        <p role="alert" className="font-bold text-danger">
          {message}
        </p>
      ) : null}
    </div>
  );
}
