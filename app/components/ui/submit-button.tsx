import type { ReactNode } from 'react';
import { primaryButton } from '~/components/ui/button-styles';

/**
 * Disabled while its request is in flight, saying so in its label. Enabled from the first
 * paint: before the page is interactive (or without scripts) the browser posts the form to the
 * page's action itself.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className = primaryButton,
  form,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
  className?: string;
  /** The id of the form it sends, when it is not inside that form. */
  form?: string;
}) {
  return (
    <button type="submit" disabled={pending} className={className} form={form}>
      {pending ? pendingLabel : children}
    </button>
  );
}
