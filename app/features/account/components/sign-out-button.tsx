import { useNavigate, useRevalidator } from 'react-router';
import { postJson } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { announceAuthChange } from '../auth-sync';

export function SignOutButton({ className }: { className?: string }) {
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={className}
      onClick={async () => {
        await postJson('/api/auth/sign-out');
        announceAuthChange();
        notify.success('Signed out', { description: 'You have been successfully signed out.' });
        if (window.location.pathname.startsWith('/account')) await navigate('/');
        else await revalidate();
      }}
    >
      Sign Out
    </button>
  );
}
