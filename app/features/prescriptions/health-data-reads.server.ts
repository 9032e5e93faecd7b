import type { AppLoadContext } from 'react-router';
import { recordAudit } from '~/console/audit.server';
import type { StaffUser } from '~/console/staff-access.server';

/**
 * Every staff read of a shopper's health data is in the audit log (issue 35, docs/security.md):
 * who, when, which order and what was shown (the prescription's details and claim data on the
 * order's page, its file, or the order's insurance statement). The entry names the data read,
 * never its contents.
 */
export async function auditHealthDataRead(
  context: AppLoadContext,
  staff: Pick<StaffUser, 'id' | 'email'>,
  reference: string,
  what: 'prescription details' | 'prescription file' | 'insurance statement',
): Promise<void> {
  await recordAudit(
    context.services.database.db,
    { id: staff.id, email: staff.email },
    { action: 'health_data.read', targetType: 'order', targetId: reference, after: { what } },
  );
}
