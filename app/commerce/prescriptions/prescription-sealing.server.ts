import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { HealthDataKeyring } from '~/lib/health-data/health-data-keys.server';
import type { ClaimData } from './claim-data';

/*
 * A prescription's health data as the database holds it (docs/decisions/0062): the file, its
 * name, the prescriber's name and phone, and the claim data (the prescriber's NPI, the
 * diagnosis codes, the prescription's date and length of need: docs/decisions/0063) are
 * sealed, each bound to its row and column. A
 * value written before sealing began (plain text, or a file's own bytes) is read as it is until
 * the rotation seals it: `isSealed` tells them apart (a sealed file starts with byte 1, which no
 * PDF, JPEG, PNG or WebP does; sealed text starts with `hd1.`).
 */
export const SEALED_PRESCRIPTION_COLUMNS = [
  'file_name',
  'prescriber_name',
  'prescriber_phone',
  'prescriber_npi',
  'diagnosis_codes',
  'prescribed_on',
  'length_of_need',
] as const;
export type SealedColumn = (typeof SEALED_PRESCRIPTION_COLUMNS)[number];

/** Every sealed column set to null: what an erasure writes. */
const ERASED = Object.fromEntries(SEALED_PRESCRIPTION_COLUMNS.map((column) => [column, null])) as Record<
  SealedColumn,
  null
>;

const context = (column: SealedColumn | 'bytes', id: string) => `prescriptions.${column}:${id}`;

function isSealed(value: string | Uint8Array): boolean {
  return HealthDataKeyring.keyIdOf(value) !== undefined;
}

/** The columns of a new row, sealed. */
export function sealPrescription<
  T extends { id: string; bytes: Uint8Array | null } & Record<SealedColumn, string | null>,
>(keys: HealthDataKeyring, row: T): T {
  const sealed = { ...row, bytes: row.bytes && keys.sealBytes(row.bytes, context('bytes', row.id)) };
  for (const column of SEALED_PRESCRIPTION_COLUMNS) {
    sealed[column] = keys.sealTextOrNull(row[column], context(column, row.id)) as T[SealedColumn];
  }
  return sealed;
}

export function openPrescriptionText(
  keys: HealthDataKeyring,
  id: string,
  column: SealedColumn,
  value: string | null,
): string | null {
  if (value === null || !isSealed(value)) return value;
  return keys.openText(value, context(column, id));
}

/** The claim data as its columns hold it before sealing: codes joined by commas, months as text. */
export function claimColumns(claim: ClaimData) {
  return {
    prescriber_npi: claim.prescriberNpi,
    diagnosis_codes: claim.diagnosisCodes.length > 0 ? claim.diagnosisCodes.join(',') : null,
    prescribed_on: claim.prescribedOn,
    length_of_need: claim.lengthOfNeed === null ? null : String(claim.lengthOfNeed),
  };
}

/** The claim data of a stored row, opened. */
export function openClaim(
  keys: HealthDataKeyring,
  id: string,
  row: Record<'prescriber_npi' | 'diagnosis_codes' | 'prescribed_on' | 'length_of_need', string | null>,
): ClaimData {
  const open = (column: keyof typeof row) => openPrescriptionText(keys, id, column, row[column]);
  const codes = open('diagnosis_codes');
  const months = open('length_of_need');
  return {
    prescriberNpi: open('prescriber_npi'),
    diagnosisCodes: codes ? codes.split(',') : [],
    prescribedOn: open('prescribed_on'),
    lengthOfNeed: months === null ? null : Number(months),
  };
}

export function openPrescriptionFile(keys: HealthDataKeyring, id: string, value: Uint8Array): Uint8Array {
  return isSealed(value) ? keys.openBytes(value, context('bytes', id)) : value;
}

/** A value re-sealed under the first key (the rotation): plain or under an older key before. */
export function resealPrescriptionText(
  keys: HealthDataKeyring,
  id: string,
  column: SealedColumn,
  value: string,
): string {
  return keys.sealText(openPrescriptionText(keys, id, column, value) ?? '', context(column, id));
}

export function resealPrescriptionFile(keys: HealthDataKeyring, id: string, value: Uint8Array): Uint8Array {
  return keys.sealBytes(openPrescriptionFile(keys, id, value), context('bytes', id));
}

/**
 * An account's deletion erases its health data (issue 35): each prescription of its orders
 * loses its file, the prescriber's details and the claim data; the row stays with its review's
 * outcome, as the orders stay (docs/decisions/0032). Returns how many prescriptions were erased.
 */
export async function eraseHealthDataOf(trx: Kysely<DatabaseSchema>, userId: string, now = Date.now()) {
  const result = await trx
    .updateTable('prescriptions')
    .set({ ...ERASED, bytes: null, updated_at: now })
    .where('order_id', 'in', trx.selectFrom('orders').select('id').where('user_id', '=', userId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
