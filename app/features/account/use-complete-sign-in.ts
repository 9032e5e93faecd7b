import { useNavigate, useRevalidator } from 'react-router';
import { notify } from '~/lib/toast';
import { announceAuthChange } from './auth-sync';

/**
 * After a successful sign-in (password, or password then second factor): toast, tell the other
 * tabs, go where the visitor was heading and re-run the root loader so the header greets them.
 */
export function useCompleteSignIn(redirectTo: string) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  return async () => {
    notify.success('Login successful', { description: 'Welcome back!' });
    await navigate(redirectTo, { replace: true });
    await revalidate();
    // Last: this tab's own header hears the message too, and a revalidation started during
    // the navigation would be judged against the old URL and skip the root loader.
    announceAuthChange();
  };
}
