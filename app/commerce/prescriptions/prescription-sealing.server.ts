import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { HealthDataKeyring } from '~/lib/health-data/health-data-keys.server';

/*
 * A prescription's health data as the database holds it (docs/decisions/0062): the file, its
 * name and the prescriber's name and phone are sealed, each bound to its row and column. A
 * value written before sealing began (plain text, or a file's own bytes) is read as it is until
 * the rotation seals it: `isSealed` tells them apart (a sealed file starts with byte 1, which no
 * PDF, JPEG, PNG or WebP does; sealed text starts with `hd1.`).
 */
export const SEALED_PRESCRIPTION_COLUMNS = ['file_name', 'prescriber_name', 'prescriber_phone'] as const;
type SealedColumn = (typeof SEALED_PRESCRIPTION_COLUMNS)[number];

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
 * loses its file and the prescriber's details; the row stays with its review's outcome, as the
 * orders stay (docs/decisions/0032). Returns how many prescriptions were erased.
 */
export async function eraseHealthDataOf(trx: Kysely<DatabaseSchema>, userId: string, now = Date.now()) {
  const result = await trx
    .updateTable('prescriptions')
    .set({ bytes: null, file_name: null, prescriber_name: null, prescriber_phone: null, updated_at: now })
    .where('order_id', 'in', trx.selectFrom('orders').select('id').where('user_id', '=', userId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
