import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '~/lib/toast';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { useHydrated } from '~/lib/use-hydrated';
import { secondaryButton } from '~/components/ui/button-styles';
import type { AccountAnswer } from '../account-forms';
import { announceAuthChange } from '~/lib/auth-sync';
import type { DeviceSession } from '../device-session';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { AccountSection } from './account-section';
import { ResultMessage } from '~/components/ui/result-message';

// Made once: a formatter costs far more to build than to use (it loads the locale's data), and
// the server builds this page per request. The browser's own zone is made on first use there.
const utcTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
let localTime: Intl.DateTimeFormat | undefined;

/** Local time once hydrated; the server (another time zone) renders UTC, marked as such. */
function When({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  if (!hydrated) return <time dateTime={iso}>{`${utcTime.format(date)} UTC`}</time>;
  localTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return <time dateTime={iso}>{localTime.format(date)}</time>;
}

/** Signing out the other devices, or every device (this one too, then home). */
export function SessionsSection({ sessions }: { sessions: DeviceSession[] }) {
  const posted = usePostedAnswer<AccountAnswer>('sign-out-others', 'sign-out-everywhere');
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(answerMessage(posted));
  const navigate = useNavigate();
  const { sending, submit } = useActionForm<AccountAnswer>(
    ['sign-out-others', 'sign-out-everywhere'],
    (answer) => {
      if (!answer.ok || answer.intent === 'sign-out-others') return showAnswer(answer);
      notify.success('Signed out', { description: 'You have been successfully signed out.' });
      // The header already says Sign In (the root data reloaded after the action); the other
      // tabs hear of it after the navigation: see use-complete-sign-in.ts.
      void (async () => {
        await navigate(answer.redirectTo ?? '/');
        announceAuthChange();
      })();
    },
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value === 'sign-out-everywhere' ? 'sign-out-everywhere' : 'sign-out-others';
    if (sending) return;
    clearMessage();
    submit(event.currentTarget, { intent });
  }

  return (
    <AccountSection title="Signed-in devices">
      <p>
        These devices are signed in to your account. If you do not recognise one, sign it out and change your
        password.
      </p>
      <ul className="space-y-3">
        {sessions.map((session) => (
          <li key={session.id} className="rounded-md border border-border p-4">
            <p className="font-bold">
              {session.device}
              {session.current ? (
                <span className="ml-2 rounded-full bg-brand px-2 py-0.5 text-sm text-brand-fg">
                  This device
                </span>
              ) : null}
            </p>
            <p className="text-sm text-muted">
              Signed in <When iso={session.signedInAt} />. Last active <When iso={session.lastActiveAt} />.
              {session.ipAddress ? ` Network address ${session.ipAddress}.` : null}
            </p>
          </li>
        ))}
      </ul>
      <ResultMessage ref={messageRef} message={message} />
      <form method="post" onSubmit={onSubmit} className="flex flex-wrap gap-4">
        {(['sign-out-others', 'sign-out-everywhere'] as const).map((intent) => (
          <button
            key={intent}
            type="submit"
            name="intent"
            value={intent}
            className={secondaryButton}
            disabled={sending !== undefined}
          >
            {sending === intent
              ? 'Signing out...'
              : intent === 'sign-out-others'
                ? 'Sign out other devices'
                : 'Sign out everywhere'}
          </button>
        ))}
      </form>
    </AccountSection>
  );
}
