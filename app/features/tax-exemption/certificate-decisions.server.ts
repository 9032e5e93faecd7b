import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { AppServices } from '#server/types';
import { type Actor, recordAudit } from '~/console/audit.server';
import {
  adminEmails,
  CertificateError,
  findCertificate,
} from '~/commerce/organisations/tax-exemption.server';
import { CERTIFICATE_TEXT, TAX_EXEMPTION_PATH } from '~/commerce/organisations/tax-exemption';
import { certificateRefusedMail, certificateVerifiedMail } from './certificate-mail.server';

/**
 * Staff's decision on a pending certificate (docs/decisions/0057): the change, its audit row and
 * the mails to the organisation's admins in one transaction, so all happen or none does.
 */
type Db = Kysely<DatabaseSchema>;
type MailServices = Pick<AppServices, 'mail' | 'env'>;

export type Decision =
  { kind: 'verify'; number: string; expiresOn: string } | { kind: 'refuse'; reason: string };

export async function decideCertificate(
  db: Db,
  services: MailServices,
  staff: Actor,
  id: string,
  decision: Decision,
): Promise<void> {
  const certificate = await findCertificate(db, id);
  if (!certificate) throw new CertificateError('not_found', 'This certificate does not exist.');
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    if (decision.kind === 'verify') {
      // The certificate it replaces stops exempting as this one starts (one live per state).
      await trx
        .deleteFrom('tax_certificates')
        .where('organisation_id', '=', certificate.organisationId)
        .where('state', '=', certificate.state)
        .where('status', '=', 'verified')
        .where('id', '!=', id)
        .execute();
    }
    const updated = await trx
      .updateTable('tax_certificates')
      .set(
        decision.kind === 'verify'
          ? { status: 'verified', number: decision.number, expires_on: decision.expiresOn }
          : { status: 'refused', refusal_reason: decision.reason },
      )
      .set({ verified_by: staff.email, decided_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1)
      throw new CertificateError('conflict', CERTIFICATE_TEXT.notPending);
    await recordAudit(trx, staff, {
      action: decision.kind === 'verify' ? 'tax_certificate.verify' : 'tax_certificate.refuse',
      targetType: 'tax_certificate',
      targetId: id,
      before: { status: 'pending' },
      after:
        decision.kind === 'verify'
          ? { status: 'verified', number: decision.number, expiresOn: decision.expiresOn }
          : { status: 'refused', reason: decision.reason },
    });
    const input = {
      organisationName: certificate.organisationName,
      state: certificate.state,
      number: decision.kind === 'verify' ? decision.number : null,
      expiresOn: decision.kind === 'verify' ? decision.expiresOn : null,
      refusalReason: decision.kind === 'refuse' ? decision.reason : null,
      pageUrl: `${services.env.APP_URL}${TAX_EXEMPTION_PATH}`,
    };
    const content =
      decision.kind === 'verify' ? certificateVerifiedMail(input) : certificateRefusedMail(input);
    for (const to of await adminEmails(trx, certificate.organisationId)) {
      await services.mail.send(
        { kind: decision.kind === 'verify' ? 'certificate verified' : 'certificate refused', to, ...content },
        { trx },
      );
    }
  });
}

/**
 * The certificate's file, for staff: a download that runs nowhere (as a prescription's), and
 * every read written to the audit log, since it holds the organisation's tax identity.
 */
export async function certificateDownload(db: Db, staff: Actor, id: string): Promise<Response> {
  const row = /^[0-9a-f-]{36}$/.test(id)
    ? await db
        .selectFrom('tax_certificates')
        .select(['file_name', 'content_type', 'bytes'])
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!row) {
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  await recordAudit(db, staff, {
    action: 'tax_certificate.file_read',
    targetType: 'tax_certificate',
    targetId: id,
  });
  const name = row.file_name.replace(/[^\x20-\x7e]/g, '_');
  return new Response(Buffer.from(row.bytes), {
    headers: {
      'Content-Type': row.content_type,
      'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(row.file_name)}`,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}
