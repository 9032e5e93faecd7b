import { noFormAction } from '~/console/staff-access.server';
import { certificateFile } from '~/features/tax-exemption/certificates-console.server';
import type { Route } from './+types/tax-certificate-file';

/** GET /admin/tax-certificates/:id/file: a certificate's file, for staff (each read audited). */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return certificateFile(context, request, params.certificateId);
}

export const action = noFormAction;
