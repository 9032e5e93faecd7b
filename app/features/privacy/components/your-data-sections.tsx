import { linkButton } from '~/components/ui/button-styles';
import { lazyComponent } from '~/lib/lazy-component';

/** The download of everything we hold about the person: a plain link, no scripts needed. */
export function DownloadYourData() {
  return (
    <div className="space-y-3">
      <p>
        Download everything MediSupply holds about you: your profile, sign-in methods, devices, addresses,
        orders, wishlist, cart, newsletter subscription, reviews and messages to us, and for organisation
        buying your memberships, quotes, approvals, invoices and returns, as a JSON file.
      </p>
      <a href="/account/data" download className={linkButton}>
        Download my data
      </a>
    </div>
  );
}

/**
 * Deleting the account, in the sign-in and security settings (which a recent sign-in opens): its
 * code loads with them, not with every visit to /account.
 */
export const DeleteAccount = lazyComponent(() => import('./delete-account').then((m) => m.DeleteAccount));
