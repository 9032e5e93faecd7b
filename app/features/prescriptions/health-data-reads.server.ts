import type { AppLoadContext } from 'react-router';
import { recordAudit } from '~/console/audit.server';
import type { StaffUser } from '~/console/staff-access.server';

/**
 * Every staff read of a shopper's health data is in the audit log (issue 35, docs/security.md):
 * who, when, which order and what was shown (the prescription's details on the order's page, or
 * its file). The entry names the data read, never its contents.
 */
export async function auditHealthDataRead(
  context: AppLoadContext,
  staff: Pick<StaffUser, 'id' | 'email'>,
  reference: string,
  what: 'prescription details' | 'prescription file',
): Promise<void> {
  await recordAudit(
    context.services.database.db,
    { id: staff.id, email: staff.email },
    { action: 'health_data.read', targetType: 'order', targetId: reference, after: { what } },
  );
}
