import { useNavigate, useRevalidator } from 'react-router';
import { postJson } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { announceAuthChange } from '~/lib/auth-sync';

export function SignOutButton({ className }: { className?: string }) {
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={className}
      onClick={async () => {
        await postJson('/api/auth/sign-out');
        notify.success('Signed out', { description: 'You have been successfully signed out.' });
        // Leave account pages first, then reload the header data, then tell the other tabs:
        // in the other order this tab's own revalidation would run against the old page.
        if (window.location.pathname.startsWith('/account')) await navigate('/');
        await revalidate();
        announceAuthChange();
      }}
    >
      Sign Out
    </button>
  );
}
