import { CustomerPage } from '~/features/staff/components/customer-pages';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { customerAction, customerPageData } from '~/features/staff/customers-console.server';
import { ConsoleRefillPlans } from '~/features/refills/components/console-refill-plans';
import {
  customerRefillPlans,
  REFILL_CONSOLE_INTENTS,
  refillConsoleAction,
} from '~/features/refills/refill-console.server';
import type { Route } from './+types/customer';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const page = await customerPageData(context, request, params.userId);
  return { ...page, refillPlans: await customerRefillPlans(context, request, params.userId) };
}

/** The customer's own forms, or a refill plan's (the refills feature's), by the form's intent. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const intent = (await request.clone().formData()).get('intent');
  if ((REFILL_CONSOLE_INTENTS as readonly unknown[]).includes(intent)) {
    return refillConsoleAction(context, request, params.userId);
  }
  return customerAction(context, request, params.userId);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = ({ data: loaded }) =>
  consoleMeta(loaded ? `Customer: ${loaded.customer.email}` : 'Customer');

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  return (
    <CustomerPage
      customer={loaderData.customer}
      refillPlans={<ConsoleRefillPlans plans={loaderData.refillPlans} />}
    />
  );
}
