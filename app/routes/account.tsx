import { data, type ShouldRevalidateFunctionArgs } from 'react-router';
import { accessPageHeaders } from '~/features/account/access-route';
import { accountAction, takeAccountNotice } from '~/features/account/account-actions.server';
import { reauthAnswer } from '~/features/account/account-refusals.server';
import { addressBookIntents } from '~/features/delivery/address-book-actions.server';
import { accountDataIntents } from '~/features/privacy/account-data-actions.server';
import { reviewData } from '~/features/reviews/review-data.server';
import { AccountPage } from '~/features/account/components/account-page';
import { securityState } from '~/features/account/reauthenticate-actions.server';
import { deviceSessions } from '~/features/account/sessions.server';
import { readOwnAuthRows, requireUser } from '~/lib/session.server';
import { listAddresses } from '~/commerce/delivery/address-book.server';
import { AddressBook } from '~/features/delivery/components/address-book';
import { DeleteAccount, DownloadYourData } from '~/features/privacy/components/your-data-sections';
import { OrderHistory } from '~/features/orders/components/order-history';
import { historyOrder } from '~/features/orders/order-history-data';
import { listUserOrders } from '~/commerce/orders/orders.server';
import { pageTitle } from '~/lib/store-info';
import { membershipOf } from '~/features/organisations/organisation-store.server';
import type { Route } from './+types/account';

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const { database, env } = context.services;
  const [own, orders, addresses, membership] = await Promise.all([
    readOwnAuthRows(context, user, request),
    listUserOrders(database.db, user.id),
    listAddresses(database.db, user.id),
    membershipOf(database.db, user.id),
  ]);
  const sessions = deviceSessions(own);
  const security = securityState(own, env);
  const { firstName, lastName, email, twoFactorEnabled } = user;
  const staff = user.role !== 'customer';
  const { notice, headers } = await takeAccountNotice(request);
  return data(
    {
      user: { firstName, lastName, email, twoFactorEnabled, staff },
      sessions,
      orders: orders.map(historyOrder),
      addresses,
      notice,
      security,
      inOrganisation: Boolean(membership),
      identityFailed: new URL(request.url).searchParams.get('identity') === 'failed',
    },
    { headers },
  );
}

/** Profile, password, two-factor off, signing out devices, the address book: each form posts here by its intent. */
export function action({ context, request }: Route.ActionArgs) {
  return accountAction(context, request, {
    ...addressBookIntents,
    ...accountDataIntents(reauthAnswer, reviewData),
  });
}

/**
 * Signed out everywhere, or the account deleted: the page goes home; reloading it now would
 * send it to /login.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const result = actionResult as { intent?: string; ok?: boolean } | undefined;
  const gone = result?.ok && (result.intent === 'sign-out-everywhere' || result.intent === 'delete-account');
  return gone ? false : defaultShouldRevalidate;
}

/** Never cached; a refused attempt (confirming it is you) says how long to wait. */
export const headers: Route.HeadersFunction = accessPageHeaders;

export function meta() {
  return [
    { title: pageTitle('My Account') },
    {
      name: 'description',
      content:
        'Your MediSupply orders, address book, profile, password, two-factor authentication and signed-in devices.',
    },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Account({ loaderData }: Route.ComponentProps) {
  return (
    <AccountPage
      user={loaderData.user}
      sessions={loaderData.sessions}
      notice={loaderData.notice}
      orders={<OrderHistory orders={loaderData.orders} />}
      addressBook={<AddressBook addresses={loaderData.addresses} />}
      organisation={
        // A plain link, not a component of the organisations feature: /account is at its budget.
        <a href="/account/organisation" className="text-brand font-bold underline underline-offset-2">
          {loaderData.inOrganisation ? 'Organisation' : 'Apply for an organisation account'}
        </a>
      }
      refills={
        <a href="/account/refills" className="text-brand font-bold underline underline-offset-2">
          Refill plans
        </a>
      }
      security={loaderData.security}
      identityFailed={loaderData.identityFailed}
      downloadData={<DownloadYourData />}
      deleteAccount={<DeleteAccount />}
    />
  );
}
