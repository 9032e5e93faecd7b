import type { AppLoadContext } from 'react-router';
import type { FormArgs } from '~/lib/form-action.server';
import type { StaffUser } from '~/console/staff-access.server';
import { type OrderMailBuilder, queueOrderMail } from './order-mail-queue.server';
import type { OrderRow } from './orders.server';

/**
 * What each form of the console's order page receives: the form, the staff member, the order.
 * Here, not in the orders feature, because other features (prescriptions) add forms to that
 * page: the route hands their handlers to the orders console's action.
 */
export type OrderConsoleArgs = FormArgs<AppLoadContext> & { staff: StaffUser; order: OrderRow };
export type OrderConsoleHandlers = Record<string, (args: OrderConsoleArgs) => Promise<unknown>>;

/** After a committed change: the shopper's mail, queued as every order mail is (order-mail-queue). */
export const mailShopper = (
  context: AppLoadContext,
  order: OrderRow,
  kind: string,
  build: OrderMailBuilder,
) => queueOrderMail(context.services, order, kind, build);
