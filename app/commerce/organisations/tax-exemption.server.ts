import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { UsStateCode } from '../delivery/us-states';
import { checkedFile, PrescriptionError } from '../prescriptions/prescriptions.server';
import type { MemberRole } from './organisations';
import { storeDate } from '~/lib/store-time';
import { CERTIFICATE_TEXT, type CertificateView, stillValid } from './tax-exemption';

/**
 * Tax exemption certificates (docs/decisions/0057): the rule checkout applies, and the rows the
 * organisation's page and the console read. The file is checked and kept as a prescription is.
 */
type Db = Kysely<DatabaseSchema>;

export class CertificateError extends Error {
  constructor(
    readonly code: 'not_found' | 'invalid' | 'forbidden' | 'conflict',
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * The certificate an order shipping to `state` is exempted under: the organisation is approved
 * and its verified certificate for that state has not expired (by the store's date at `now`).
 */
export async function exemptionFor(
  db: Db,
  organisationId: string,
  state: string,
  now: number,
): Promise<{ number: string } | undefined> {
  const row = await db
    .selectFrom('tax_certificates as c')
    .innerJoin('organisations as o', 'o.id', 'c.organisation_id')
    .select(['c.number', 'c.expires_on'])
    .where('c.organisation_id', '=', organisationId)
    .where('c.state', '=', state)
    .where('c.status', '=', 'verified')
    .where('o.status', '=', 'approved')
    .executeTakeFirst();
  if (!row?.number || !stillValid(row.expires_on, storeDate(now))) return undefined;
  return { number: row.number };
}

/** The organisation an account belongs to, whatever its review's state, and the member's role. */
export async function membershipOf(
  db: Db,
  userId: string,
): Promise<{ organisationId: string; name: string; role: MemberRole } | undefined> {
  const row = await db
    .selectFrom('organisation_members as m')
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .select(['o.id', 'o.name', 'm.role'])
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  return row ? { organisationId: row.id, name: row.name, role: row.role } : undefined;
}

/**
 * Keeps an uploaded certificate, pending staff's review. A pending or refused upload for the same
 * state is replaced by this one; a verified certificate stays live until this one is verified.
 */
export async function saveCertificate(
  db: Db,
  input: { organisationId: string; userId: string; state: UsStateCode; file: File },
): Promise<string> {
  let file;
  try {
    file = await checkedFile(input.file, CERTIFICATE_TEXT);
  } catch (error) {
    if (error instanceof PrescriptionError) throw new CertificateError('invalid', error.message, 'file');
    throw error;
  }
  const id = randomUUID();
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('tax_certificates')
      .where('organisation_id', '=', input.organisationId)
      .where('state', '=', input.state)
      .where('status', '!=', 'verified')
      .execute();
    await trx
      .insertInto('tax_certificates')
      .values({
        id,
        organisation_id: input.organisationId,
        state: input.state,
        file_name: file.fileName,
        content_type: file.contentType,
        size: file.bytes.length,
        bytes: file.bytes,
        status: 'pending',
        number: null,
        expires_on: null,
        refusal_reason: null,
        uploaded_by: input.userId,
        verified_by: null,
        decided_at: null,
        reminder_sent_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  return id;
}

function certificateQuery(db: Db) {
  return db
    .selectFrom('tax_certificates as c')
    .innerJoin('organisations as o', 'o.id', 'c.organisation_id')
    .select([
      'c.id',
      'c.organisation_id',
      'o.name',
      'c.state',
      'c.file_name',
      'c.size',
      'c.status',
      'c.number',
      'c.expires_on',
      'c.refusal_reason',
      'c.created_at',
    ]);
}

type CertificateRow = Awaited<ReturnType<ReturnType<typeof certificateQuery>['executeTakeFirstOrThrow']>>;

function toView(row: CertificateRow, today: string): CertificateView {
  return {
    id: row.id,
    organisationId: row.organisation_id,
    organisationName: row.name,
    state: row.state,
    fileName: row.file_name,
    size: Number(row.size),
    status: row.status,
    number: row.number,
    expiresOn: row.expires_on,
    refusalReason: row.refusal_reason,
    createdAt: Number(row.created_at),
    exempts: row.status === 'verified' && stillValid(row.expires_on, today),
  };
}

/** The organisation's certificates, by state, newest first within a state. */
export async function listCertificates(db: Db, organisationId: string): Promise<CertificateView[]> {
  const rows = await certificateQuery(db)
    .where('c.organisation_id', '=', organisationId)
    .orderBy('c.state')
    .orderBy('c.created_at', 'desc')
    .execute();
  const today = storeDate(Date.now());
  return rows.map((row) => toView(row, today));
}

/** Certificates of one status, oldest first (staff's queue), one page and whether more follow. */
export async function certificatesByStatus(
  db: Db,
  status: CertificateView['status'],
  page: number,
  size: number,
): Promise<{ rows: CertificateView[]; hasNext: boolean }> {
  const rows = await certificateQuery(db)
    .where('c.status', '=', status)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .limit(size + 1)
    .offset((page - 1) * size)
    .execute();
  const today = storeDate(Date.now());
  return { rows: rows.slice(0, size).map((row) => toView(row, today)), hasNext: rows.length > size };
}

export async function findCertificate(db: Db, id: string): Promise<CertificateView | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const row = await certificateQuery(db).where('c.id', '=', id).executeTakeFirst();
  return row ? toView(row, storeDate(Date.now())) : undefined;
}

/** Better Auth's user table, of which only the address is read here. */
type WithUsers = DatabaseSchema & { user: { id: string; email: string } };

/** The e-mail addresses of the organisation's admins (who upload and are told of decisions). */
export async function adminEmails(db: Db | Kysely<WithUsers>, organisationId: string): Promise<string[]> {
  const rows = await (db as Kysely<WithUsers>)
    .selectFrom('organisation_members as m')
    .innerJoin('user as u', 'u.id', 'm.user_id')
    .select('u.email')
    .where('m.organisation_id', '=', organisationId)
    .where('m.role', '=', 'admin')
    .orderBy('u.email')
    .execute();
  return rows.map((row) => row.email);
}
