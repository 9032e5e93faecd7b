import type { ReactNode } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { primaryButton } from '~/components/ui/button-styles';

/**
 * Disabled while its request is in flight, saying so in its label. Also disabled until the
 * page is interactive: a click before that would post the form to a page with no action.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className = primaryButton,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <button type="submit" disabled={pending || !hydrated} className={className}>
      {pending ? pendingLabel : children}
    </button>
  );
}
