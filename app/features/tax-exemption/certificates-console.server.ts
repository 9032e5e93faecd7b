import { type AppLoadContext, data } from 'react-router';
import { pageParam } from '~/console/console';
import { requireStaff } from '~/console/staff-access.server';
import {
  CertificateError,
  certificatesByStatus,
  findCertificate,
} from '~/commerce/organisations/tax-exemption.server';
import type { CertificateStatus } from '~/commerce/organisations/tax-exemption';
import { answer, invalidFields, postedFields, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { certificateDownload, type Decision, decideCertificate } from './certificate-decisions.server';
import { refuseSchema, verifySchema } from './certificates.schema';

/** The console's tax certificates (docs/decisions/0057): the queue, one certificate, its file. */
export const CERTIFICATES_PAGE_SIZE = 50;

const statusParam = (value: string | null): CertificateStatus =>
  value === 'verified' || value === 'refused' ? value : 'pending';

/** /admin/tax-certificates: pending certificates, oldest first (or the verified, or the refused). */
export async function certificateQueueData(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const url = new URL(request.url);
  const status = statusParam(url.searchParams.get('status'));
  const page = pageParam(url.searchParams.get('page'));
  const { rows, hasNext } = await certificatesByStatus(
    context.services.database.db,
    status,
    page,
    CERTIFICATES_PAGE_SIZE,
  );
  return { status, page, hasNext, certificates: rows };
}

/** /admin/tax-certificates/:id: one certificate, with its decision forms while pending. */
export async function certificatePageData(context: AppLoadContext, request: Request, id: string) {
  await requireStaff(context, request);
  const certificate = await findCertificate(context.services.database.db, id);
  if (!certificate) throw data(null, { status: 404 });
  return { certificate };
}

/** /admin/tax-certificates/:id/file: the file, for staff, audited. */
export async function certificateFile(context: AppLoadContext, request: Request, id: string) {
  const staff = await requireStaff(context, request);
  return certificateDownload(context.services.database.db, staff, id);
}

/** Verify (number and expiry) or refuse (a reason); the organisation's admins are mailed. */
export async function certificateAction(context: AppLoadContext, request: Request, id: string) {
  const staff = await requireStaff(context, request);
  const { services } = context;
  const decide = async (intent: string, decision: Decision, message: string) => {
    try {
      await decideCertificate(services.database.db, services, staff, id, decision);
    } catch (error) {
      if (!(error instanceof CertificateError)) throw error;
      const status = error.code === 'not_found' ? 404 : 409;
      return answer<FormAnswer>({ intent, ok: false, message: error.message }, { status });
    }
    return answer<FormAnswer>({ intent, ok: true, message });
  };
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async verify({ form }) {
        const values = postedFields(form);
        const parsed = verifySchema.safeParse(values);
        if (!parsed.success)
          return invalidFields<FormAnswer>({ intent: 'verify', values }, parsed.error.issues);
        return decide(
          'verify',
          { kind: 'verify', ...parsed.data },
          `Certificate ${parsed.data.number} verified; the organisation's admins are mailed.`,
        );
      },
      async refuse({ form }) {
        const values = postedFields(form);
        const parsed = refuseSchema.safeParse(values);
        if (!parsed.success)
          return invalidFields<FormAnswer>({ intent: 'refuse', values }, parsed.error.issues);
        return decide(
          'refuse',
          { kind: 'refuse', reason: parsed.data.reason },
          "Certificate refused; the organisation's admins are mailed the reason.",
        );
      },
    },
  );
}
