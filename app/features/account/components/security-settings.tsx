import { type ReactNode, useEffect, useState } from 'react';
import { lazyComponent } from '~/lib/lazy-component';
import { AccountSection } from './account-section';

// Its code loads when it is shown (a session signed in over 10 minutes ago), not on every visit.
const ConfirmIdentity = lazyComponent(() => import('./confirm-identity').then((m) => m.ConfirmIdentity));

/**
 * The settings that change how the account signs in (and deleting it): shown for 10 minutes
 * after a sign-in or a confirmation, otherwise "Confirm it is you" stands in their place. The
 * server refuses these changes on its own as well (server/auth/recent-sign-in.ts).
 */
export function SecuritySettings({
  openSeconds,
  email,
  hasPassword,
  children,
}: {
  openSeconds: number;
  email: string;
  hasPassword: boolean;
  children: ReactNode;
}) {
  // Which loaded `openSeconds` ran out: new page data (a confirmation) starts a new count.
  const [ranOut, setRanOut] = useState<number | null>(null);
  useEffect(() => {
    if (openSeconds <= 0) return;
    const timer = setTimeout(() => setRanOut(openSeconds), openSeconds * 1000);
    return () => clearTimeout(timer);
  }, [openSeconds]);

  if (openSeconds <= 0 || ranOut === openSeconds) {
    return (
      <AccountSection title="Sign-in and security" id="security">
        <ConfirmIdentity email={email} hasPassword={hasPassword} />
      </AccountSection>
    );
  }
  return (
    <div id="security" className="space-y-8">
      {children}
    </div>
  );
}
