import { type AppLoadContext, data } from 'react-router';
import { isUsStateCode } from '~/commerce/delivery/us-states';
import { canManage } from '~/commerce/organisations/organisations';
import {
  CertificateError,
  listCertificates,
  membershipOf,
  saveCertificate,
} from '~/commerce/organisations/tax-exemption.server';
import { CERTIFICATE_TEXT } from '~/commerce/organisations/tax-exemption';
import { answer, invalidFields, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { textFields } from '~/lib/form-answer';
import { requireUser } from '~/lib/session.server';
import { uploadSchema } from './certificates.schema';

/**
 * /account/organisation/tax-exemption (docs/decisions/0057): every member sees the
 * organisation's certificates; its admins upload them. Anyone else: the not-found page, as if
 * the page did not exist.
 */
async function memberOf(context: AppLoadContext, request: Request) {
  const user = await requireUser(context, request);
  const membership = await membershipOf(context.services.database.db, user.id);
  if (!membership) throw data(null, { status: 404 });
  return { user, membership };
}

export async function taxExemptionPageData(context: AppLoadContext, request: Request) {
  const { membership } = await memberOf(context, request);
  return {
    organisationName: membership.name,
    canUpload: canManage(membership.role),
    certificates: await listCertificates(context.services.database.db, membership.organisationId),
  };
}

export async function taxExemptionAction(context: AppLoadContext, request: Request) {
  const { user, membership } = await memberOf(context, request);
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async upload({ form }) {
        if (!canManage(membership.role))
          return answer<FormAnswer>(
            { intent: 'upload', ok: false, message: CERTIFICATE_TEXT.notAdmin },
            { status: 403 },
          );
        const values = textFields(form, ['state']);
        const parsed = uploadSchema.safeParse(values);
        const file = form.get('file');
        const fileMissing = file instanceof File && file.size > 0 ? undefined : CERTIFICATE_TEXT.fileMissing;
        if (!parsed.success || !(file instanceof File) || fileMissing || !isUsStateCode(parsed.data.state)) {
          return invalidFields<FormAnswer>(
            {
              intent: 'upload',
              values,
              message: 'The certificate was not uploaded: please correct what is marked.',
            },
            parsed.success ? [] : parsed.error.issues,
            { file: fileMissing },
          );
        }
        try {
          await saveCertificate(context.services.database.db, {
            organisationId: membership.organisationId,
            userId: user.id,
            state: parsed.data.state,
            file,
          });
        } catch (error) {
          if (!(error instanceof CertificateError)) throw error;
          return invalidFields<FormAnswer>(
            {
              intent: 'upload',
              values,
              message: 'The certificate was not uploaded: please correct what is marked.',
            },
            [],
            { [error.field ?? 'file']: error.message },
          );
        }
        return answer<FormAnswer>({
          intent: 'upload',
          ok: true,
          message:
            'Certificate uploaded. We check it within two business days and email the organisation’s admins.',
        });
      },
    },
  );
}
