import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { postJson } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useHydrated } from '~/lib/use-hydrated';
import { secondaryButton } from '~/components/ui/button-styles';
import { announceAuthChange } from '../auth-sync';
import type { DeviceSession } from '../device-session';
import { useResultMessage } from '../use-result-message';
import { AccountSection } from './account-section';
import { ResultMessage } from './result-message';

/** Local time once hydrated; the server (another time zone) renders UTC, marked as such. */
function When({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const text = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: hydrated ? undefined : 'UTC',
  }).format(new Date(iso));
  return <time dateTime={iso}>{hydrated ? text : `${text} UTC`}</time>;
}

export function SessionsSection({ sessions }: { sessions: DeviceSession[] }) {
  const [pending, setPending] = useState<'others' | 'all' | null>(null);
  const { messageRef, message, showMessage, clearMessage } = useResultMessage();
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();

  async function signOutOthers() {
    setPending('others');
    clearMessage();
    const response = await postJson('/api/auth/revoke-other-sessions', {});
    if (response.ok) {
      await revalidate();
      showMessage('success', 'Your other devices were signed out.');
    } else {
      showMessage('error', response.message ?? 'We could not sign out your other devices. Please try again.');
    }
    setPending(null);
  }

  async function signOutEverywhere() {
    setPending('all');
    clearMessage();
    const response = await postJson('/api/auth/revoke-sessions', {});
    if (!response.ok) {
      setPending(null);
      showMessage('error', response.message ?? 'We could not sign you out everywhere. Please try again.');
      return;
    }
    notify.success('Signed out', { description: 'You have been successfully signed out.' });
    await navigate('/');
    await revalidate();
    announceAuthChange(); // after the navigation: see use-complete-sign-in.ts
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
      <div className="flex flex-wrap gap-4">
        <button
          type="button"
          className={secondaryButton}
          disabled={pending !== null}
          onClick={() => void signOutOthers()}
        >
          {pending === 'others' ? 'Signing out...' : 'Sign out other devices'}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={pending !== null}
          onClick={() => void signOutEverywhere()}
        >
          {pending === 'all' ? 'Signing out...' : 'Sign out everywhere'}
        </button>
      </div>
    </AccountSection>
  );
}
