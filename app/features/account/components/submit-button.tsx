import type { ReactNode } from 'react';
import { primaryButton } from '../account-ui';

/** Disabled while its request is in flight, saying so in its label. */
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
  return (
    <button type="submit" disabled={pending} className={className}>
      {pending ? pendingLabel : children}
    </button>
  );
}
