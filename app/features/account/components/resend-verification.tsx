import { useState } from 'react';
import { postJson } from '~/lib/api-client';
import { secondaryButton } from '~/components/ui/button-styles';
import { useResultMessage } from '../use-result-message';
import { ResultMessage } from './result-message';

/** Shown when a sign-in is refused because the email address is not confirmed yet. */
export function ResendVerification({ email }: { email: string }) {
  const [pending, setPending] = useState(false);
  const { messageRef, message, showMessage } = useResultMessage();

  async function resend() {
    if (pending) return;
    setPending(true);
    const response = await postJson('/api/auth/send-verification-email', { email, callbackURL: '/' });
    setPending(false);
    if (response.ok) showMessage('success', 'Confirmation email sent. Check your inbox.');
    else showMessage('error', response.message ?? 'We could not send the email. Please try again.');
  }

  return (
    <div className="mt-3 space-y-3 font-normal text-fg">
      <button type="button" className={secondaryButton} disabled={pending} onClick={() => void resend()}>
        {pending ? 'Sending...' : 'Send the confirmation email again'}
      </button>
      <ResultMessage ref={messageRef} message={message} />
    </div>
  );
}
