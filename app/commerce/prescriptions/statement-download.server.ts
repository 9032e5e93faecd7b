import type { AppServices } from '#server/types';
import { insuranceStatementResponse } from '../orders/insurance-statement.server';
import { findOrderByReference, findUserOrder, isOrderReference, orderView } from '../orders/orders.server';
import { shopSettingsOf } from '../shop-settings-store.server';
import { prescriptionOf, prescriptionOfReference } from './prescriptions.server';

/*
 * Who downloads an order's insurance statement (docs/decisions/0063): it carries health data
 * (the prescriber, the diagnosis), so as the prescription file, the buyer's own account only
 * (not a colleague in the organisation, not a mailed link), and staff, whose route audits it.
 */

/** The buyer's own order's statement; anyone else's order, or none, is a 404. */
export async function buyerStatementDownload(
  services: AppServices,
  userId: string,
  reference: string,
): Promise<Response> {
  const { db } = services.database;
  const order = await findUserOrder(db, userId, reference);
  const prescription = order ? await prescriptionOfReference(db, services.healthData, reference) : undefined;
  return insuranceStatementResponse(order, prescription, shopSettingsOf(services).supplier);
}

/** Any order's statement, for staff (the route checks the role and writes the audit entry). */
export async function staffStatementDownload(services: AppServices, reference: string): Promise<Response> {
  const { db } = services.database;
  const row = isOrderReference(reference) ? await findOrderByReference(db, reference) : undefined;
  const [order, prescription] = row
    ? await Promise.all([orderView(db, row), prescriptionOf(db, services.healthData, row.id)])
    : [undefined, undefined];
  return insuranceStatementResponse(order, prescription, shopSettingsOf(services).supplier);
}
