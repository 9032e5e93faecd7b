import type { ReactNode } from 'react';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { lazyComponent } from '~/lib/lazy-component';
import type { Identities } from './identities-section';
import type { PasskeyView } from './passkeys-section';
import type { AccountAnswer } from '../account-forms';
import type { DeviceSession } from '../device-session';
import { AccountSection } from './account-section';
import { ProfileSection } from './profile-section';
import { SecuritySettings } from './security-settings';
import { SessionsSection } from './sessions-section';

export interface AccountPageProps {
  user: { firstName: string; lastName: string; email: string; twoFactorEnabled: boolean; staff: boolean };
  sessions: DeviceSession[];
  /** A plain POST's success, carried over its redirect back to this page. */
  notice: AccountAnswer | null;
  /** The order history, rendered by the orders feature. */
  orders: ReactNode;
  /** The address book, rendered by the delivery feature. */
  addressBook: ReactNode;
  /** The link to the organisation's page (or to apply for one), from the organisations feature. */
  organisation?: ReactNode;
  /** The link to the shopper's refill plans, from the refills feature's route. */
  refills?: ReactNode;
  /** Whether the sign-in and security settings are open (a recent sign-in), and for how long. */
  security: {
    openSeconds: number;
    hasPassword: boolean;
    phoneNumber: string | null;
    identities: Identities;
    passkeys: PasskeyView[];
  };
  /** Back from a provider that did not link its account. */
  identityFailed?: boolean;
  /** "Download my data" and "Delete my account", rendered by the privacy feature. */
  downloadData: ReactNode;
  deleteAccount: ReactNode;
}

// Open settings only (a recent sign-in): their code loads with them.
const TwoFactorSection = lazyComponent(() => import('./two-factor-section').then((m) => m.TwoFactorSection));
const PasswordSection = lazyComponent(() => import('./password-section').then((m) => m.PasswordSection));
const EmailSection = lazyComponent(() => import('./email-section').then((m) => m.EmailSection));
const PasskeysSection = lazyComponent(() => import('./passkeys-section').then((m) => m.PasskeysSection));
const PhoneSection = lazyComponent(() => import('./phone-section').then((m) => m.PhoneSection));
const IdentitiesSection = lazyComponent(() =>
  import('./identities-section').then((m) => m.IdentitiesSection),
);

export function AccountPage(props: AccountPageProps) {
  const { user, sessions, notice, orders, addressBook, security, downloadData, deleteAccount } = props;
  // An account made by a code by text has a placeholder address (.invalid): never shown.
  const email = user.email.endsWith('.invalid') ? null : user.email;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: 'My Account' }]} />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">My Account</h1>
      <p className="mt-2 text-lg">
        Signed in as <strong>{email ?? security.phoneNumber ?? 'your mobile number'}</strong>
      </p>
      {user.staff && user.twoFactorEnabled ? (
        <p className="mt-2">
          <a href="/admin" className="text-brand font-bold underline underline-offset-2">
            Open the store console
          </a>
        </p>
      ) : null}
      {props.organisation ? <p className="mt-2">{props.organisation}</p> : null}
      {props.refills ? <p className="mt-2">{props.refills}</p> : null}
      <div className="mt-8 space-y-8">
        <AccountSection title="Order history">{orders}</AccountSection>
        <AccountSection title="Address book">{addressBook}</AccountSection>
        <ProfileSection user={{ ...user, email: email ?? '' }} notice={notice} />
        <SecuritySettings
          openSeconds={security.openSeconds}
          email={user.email}
          hasPassword={security.hasPassword}
        >
          <PasswordSection notice={notice} hasPassword={security.hasPassword} />
          <TwoFactorSection
            enabled={user.twoFactorEnabled}
            staff={user.staff}
            hasPassword={security.hasPassword}
          />
          <EmailSection email={email} />
          <PasskeysSection passkeys={security.passkeys} />
          <PhoneSection phoneNumber={security.phoneNumber} />
          <IdentitiesSection identities={security.identities} failed={props.identityFailed ?? false} />
          {user.staff ? null : <AccountSection title="Delete account">{deleteAccount}</AccountSection>}
        </SecuritySettings>
        <SessionsSection sessions={sessions} />
        <AccountSection title="Your data">{downloadData}</AccountSection>
      </div>
    </div>
  );
}
