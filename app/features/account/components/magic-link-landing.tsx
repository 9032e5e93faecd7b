import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { linkButton } from '~/components/ui/button-styles';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import type { AccessAnswer } from '../account-forms';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { NameStep } from './name-step';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';
import { TwoFactorChallenge } from './two-factor-challenge';

/**
 * /login/link, where a sign-in email's link lands. Nothing is spent by opening it (mail scanners
 * open links too): the button signs in. Then the second factor or the name step, if needed.
 */
export function MagicLinkLanding({ token, redirectTo }: { token: string; redirectTo: string }) {
  const posted = usePostedAnswer<AccessAnswer>('magic-link');
  const namePosted = usePostedAnswer<AccessAnswer>('complete-name');
  const [step, setStep] = useState<'link' | 'two-factor' | 'name'>(
    posted?.twoFactor ? 'two-factor' : posted?.needsName || namePosted ? 'name' : 'link',
  );
  const [invalid, setInvalid] = useState(Boolean(posted?.invalid) || !token);
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(answerMessage(posted));
  const completeSignIn = useCompleteSignIn(redirectTo);
  const { pending, submit } = useActionForm<AccessAnswer>('magic-link', (answer) => {
    if (answer.twoFactor) return setStep('two-factor');
    if (answer.needsName) return setStep('name');
    if (answer.ok) return void completeSignIn();
    setInvalid(Boolean(answer.invalid));
    showAnswer(answer);
  });
  const query = redirectTo === '/' ? '' : `?redirectTo=${encodeURIComponent(redirectTo)}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    clearMessage();
    submit(event.currentTarget);
  }

  if (step === 'two-factor') {
    return (
      <TwoFactorChallenge
        redirectTo={redirectTo}
        onVerified={completeSignIn}
        onCancel={() => setStep('link')}
      />
    );
  }
  if (step === 'name') return <NameStep onSaved={completeSignIn} />;
  return (
    <section aria-labelledby="magic-link-title" className="space-y-4">
      <h2 id="magic-link-title" className="text-2xl font-bold">
        Finish signing in
      </h2>
      {invalid ? (
        <>
          <ResultMessage
            ref={messageRef}
            message={message ?? { kind: 'error', text: 'This sign-in link is not complete.', id: 0 }}
          />
          <p>
            <Link to={`/login${query}`} className={linkButton}>
              Ask for a new sign-in link or code
            </Link>
          </p>
        </>
      ) : (
        <form method="post" onSubmit={onSubmit} className="space-y-5">
          <input type="hidden" name="intent" value="magic-link" />
          <input type="hidden" name="token" value={token} />
          <p>Select the button to sign in to your MediSupply account on this device.</p>
          <ResultMessage ref={messageRef} message={message} />
          <SubmitButton pending={pending} pendingLabel="Signing in...">
            Sign in to MediSupply
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
