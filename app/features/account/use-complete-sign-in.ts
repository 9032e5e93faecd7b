import { useNavigate } from 'react-router';
import { notify } from '~/lib/toast';
import { announceAuthChange } from '~/lib/auth-sync';

/**
 * After a successful sign-in (password, or password then second factor): toast, go where the
 * visitor was heading and tell the other tabs. The header already greets them: the sign-in
 * posted to the page's action, after which the router reloaded the root data.
 */
export function useCompleteSignIn(redirectTo: string) {
  const navigate = useNavigate();
  return async () => {
    notify.success('Login successful', { description: 'Welcome back!' });
    await navigate(redirectTo, { replace: true });
    // Last: this tab's own header hears the message too, and a revalidation started during
    // the navigation would be judged against the old URL and skip the root loader.
    announceAuthChange();
  };
}
