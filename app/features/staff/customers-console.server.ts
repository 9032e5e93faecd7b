import { type AppLoadContext, data } from 'react-router';
import { answer, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { pageParam, searchText } from '~/console/console';
import {
  CUSTOMERS_PER_PAGE,
  CustomerError,
  customerDetail,
  listCustomers,
  resendConfirmation,
  setCustomerDisabled,
  signOutEverywhere,
} from './customers.server';
import { requireStaff } from '~/console/staff-access.server';

const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function customersPageData(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const filter = { q: searchText(params.get('q')), page: pageParam(params.get('page')) };
  const list = await listCustomers(context.services.database.db, filter);
  return {
    ...list,
    q: filter.q,
    page: filter.page,
    pages: Math.max(1, Math.ceil(list.total / CUSTOMERS_PER_PAGE)),
  };
}

export async function customerPageData(context: AppLoadContext, request: Request, id: string) {
  await requireStaff(context, request);
  const customer = USER_ID.test(id) ? await customerDetail(context.services.database.db, id) : undefined;
  if (!customer) throw data(null, { status: 404 });
  return { customer };
}

/** One customer's page: resend the confirmation mail, sign out everywhere, disable or enable. */
export async function customerAction(context: AppLoadContext, request: Request, id: string) {
  const staff = await requireStaff(context, request);
  if (!USER_ID.test(id)) throw data(null, { status: 404 });
  const { auth, database, env } = context.services;
  const { db } = database;
  const done = (intent: string, message: string) => answer<FormAnswer>({ intent, ok: true, message });
  const attempt = async (intent: string, run: () => Promise<FormAnswer | ReturnType<typeof done>>) => {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof CustomerError)) throw error;
      return answer<FormAnswer>({ intent, ok: false, message: error.message }, { status: 409 });
    }
  };
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      resend: () =>
        attempt('resend', async () => {
          const email = await resendConfirmation(auth, db, staff, id, env.APP_URL);
          return done('resend', `A new confirmation email is on its way to ${email}.`);
        }),
      'sign-out': () =>
        attempt('sign-out', async () => {
          await signOutEverywhere(auth, db, staff, id);
          return done('sign-out', 'The customer was signed out on every device.');
        }),
      disable: () =>
        attempt('disable', async () => {
          const changed = await setCustomerDisabled(auth, db, staff, id, true);
          return done(
            'disable',
            changed ? 'The account is disabled: it cannot sign in.' : 'The account was already disabled.',
          );
        }),
      enable: () =>
        attempt('enable', async () => {
          const changed = await setCustomerDisabled(auth, db, staff, id, false);
          return done(
            'enable',
            changed ? 'The account is enabled again.' : 'The account was already enabled.',
          );
        }),
    },
  );
}
