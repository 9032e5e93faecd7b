import type { FormEvent } from 'react';
import { linkButton, secondaryButton } from '~/components/ui/button-styles';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import type { AccountAnswer } from '../account-forms';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { AccountSection } from './account-section';
import { ResultMessage } from '~/components/ui/result-message';

export interface Identities {
  linked: { id: string; providerId: string; name: string }[];
  linkable: { id: string; name: string }[];
}

/**
 * The ways in through other services (and the password): each can be removed but the last,
 * and a configured provider not yet linked can be added (its page opens, then comes back here).
 */
export function IdentitiesSection({ identities, failed }: { identities: Identities; failed: boolean }) {
  const posted = usePostedAnswer<AccountAnswer>('identity-unlink', 'identity-link');
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(
    answerMessage(posted) ??
      (failed ? { kind: 'error', text: 'Linking that account did not work. Please try again.' } : null),
  );
  const unlink = useActionForm<AccountAnswer>('identity-unlink', showAnswer);
  const link = useActionForm<AccountAnswer>('identity-link', showAnswer);
  const only = identities.linked.length <= 1;

  function onUnlink(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (unlink.pending) return;
    clearMessage();
    unlink.submit(event.currentTarget);
  }

  function onLink(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (link.pending) return;
    clearMessage();
    const provider = new FormData(event.currentTarget).get('provider');
    link.submit(event.currentTarget, { provider: String(provider) });
  }

  return (
    <AccountSection title="Sign-in methods" id="sign-in-methods">
      <ResultMessage ref={messageRef} message={message} />
      {identities.linked.length === 0 ? (
        <p>You sign in with a code by email or text message.</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border">
          {identities.linked.map((identity) => (
            <li key={identity.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <span className="font-bold">{identity.name}</span>
              {only ? (
                <span className="text-sm">Your only sign-in method</span>
              ) : (
                <form method="post" onSubmit={onUnlink}>
                  <input type="hidden" name="intent" value="identity-unlink" />
                  <input type="hidden" name="id" value={identity.id} />
                  <button type="submit" className={linkButton} disabled={unlink.pending}>
                    Remove {identity.name}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      {identities.linkable.length > 0 ? (
        <div className="flex flex-wrap gap-3">
          {identities.linkable.map((provider) => (
            <form key={provider.id} method="post" onSubmit={onLink}>
              <input type="hidden" name="intent" value="identity-link" />
              <input type="hidden" name="provider" value={provider.id} />
              <button type="submit" className={secondaryButton} disabled={link.pending}>
                Add {provider.name}
              </button>
            </form>
          ))}
        </div>
      ) : null}
    </AccountSection>
  );
}
