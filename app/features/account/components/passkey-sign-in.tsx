import { useState } from 'react';
import { secondaryButton } from '~/components/ui/button-styles';
import { useHydrated } from '~/lib/use-hydrated';

/**
 * "Sign in with a passkey": the device's fingerprint, face or PIN instead of a password. Needs
 * scripts (WebAuthn); its code loads on the press. It is in the server's HTML (hidden by CSS when
 * the browser runs no scripts) rather than added at hydration: added then, it pushed the
 * "Continue with" buttons below it 85 px down while a visitor was pressing one (React hydrates
 * at once on a pointerdown), and the click landed beside the button (ADR 0068). Disabled until
 * the page is interactive (a press before would do nothing); taken out after hydration only where
 * the browser has no WebAuthn (not a secure context).
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (hydrated && typeof window.PublicKeyCredential === 'undefined') return null;

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
    <div className="space-y-3 border-t border-border pt-5 [@media(scripting:none)]:hidden">
      <button
        type="button"
        className={secondaryButton}
        disabled={!hydrated || pending}
        onClick={() => void signIn()}
      >
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
