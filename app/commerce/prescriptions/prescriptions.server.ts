import { randomUUID } from 'node:crypto';
import { fromStatuses } from '~/commerce/order-moves';
import type { Kysely, Selectable } from 'kysely';
import sharp from 'sharp';
import { asBody } from '#server/body';
import type { DatabaseSchema, PrescriptionTable } from '#server/db/schema';
import type { HealthDataKeyring } from '~/lib/health-data/health-data-keys.server';
import { findOrder, findOrderByReference, isOrderReference, type OrderRow } from '../orders/orders.server';
import { type ClaimData, NO_CLAIM_DATA } from './claim-data';
import {
  claimColumns,
  openClaim,
  openPrescriptionFile,
  openPrescriptionText,
  sealPrescription,
} from './prescription-sealing.server';
import {
  claimsAgree,
  cleanFileName,
  MAX_PRESCRIPTION_BYTES,
  PRESCRIPTION_FILE_KINDS,
  PRESCRIPTION_TEXT,
  type PrescriptionView,
  sniffPrescription,
} from './prescriptions';

/**
 * A buyer's prescription for an order: taken before the payment (checked by its bytes, kept
 * in the database, private), read by the buyer and by staff only, and always as a download.
 */
type Db = Kysely<DatabaseSchema>;
type PrescriptionRow = Selectable<PrescriptionTable>;

export class PrescriptionError extends Error {
  constructor(
    readonly code: 'not_found' | 'invalid' | 'conflict',
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A decoded image this large is refused before it is decoded in full. */
const MAX_PIXELS = 60_000_000;

/** The file or the prescriber to call, and what a claim needs (docs/decisions/0063). */
export type PrescriptionInput = (
  | { kind: 'upload'; file: File; prescriberName?: string | null }
  | { kind: 'prescriber'; prescriberName: string; prescriberPhone: string }
) & { claim?: ClaimData };

/** What a refused upload is told: the prescription's words, or another upload's (a tax certificate). */
export type UploadTexts = Record<
  'fileMissing' | 'tooLarge' | 'wrongKind' | 'notWhatItClaims' | 'unreadable',
  string
>;

/**
 * The file's bytes when they are what they claim to be; why not, otherwise (a PrescriptionError
 * on the field 'file'). Every private upload of a document (a PDF or an image) is checked here.
 */
export async function checkedFile(file: File, text: UploadTexts = PRESCRIPTION_TEXT) {
  const invalid = (message: string) => new PrescriptionError('invalid', message, 'file');
  if (file.size === 0) throw invalid(text.fileMissing);
  if (file.size > MAX_PRESCRIPTION_BYTES) throw invalid(text.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffPrescription(bytes);
  if (!kind) throw invalid(text.wrongKind);
  if (!claimsAgree(kind, file.name, file.type)) throw invalid(text.notWhatItClaims);
  if (kind !== 'pdf') {
    // An image must decode whole: a renamed or cut file fails here, before anything is kept.
    try {
      const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
      const meta = await image.metadata();
      if (meta.format !== kind) throw invalid(text.notWhatItClaims);
      await image.clone().resize(32).toBuffer();
    } catch (error) {
      if (error instanceof PrescriptionError) throw error;
      throw invalid(text.unreadable);
    }
  }
  return {
    bytes,
    fileName: cleanFileName(file.name, kind),
    contentType: PRESCRIPTION_FILE_KINDS[kind].contentType,
  };
}

/** Whether any line of the order needed a prescription when it was bought. */
export async function orderNeedsPrescription(db: Db, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', orderId)
    // 1, not true: SQLite has no boolean; PostgreSQL reads '1' as true.
    .where('prescription_required', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasPrescription(db: Db, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('prescriptions')
    .select('id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Keeps the prescription for an order that is still to be paid (a new one replaces the last).
 * The order is the asker's (an account's order only for that account: anyone else's is not
 * found); nothing is stored when anything about it is wrong.
 */
export async function savePrescription(
  db: Db,
  keys: HealthDataKeyring,
  request: { orderId: string; userId: string | null },
  input: PrescriptionInput,
): Promise<OrderRow> {
  const order = await findOrder(db, request.orderId);
  if (!order || (order.user_id !== null && order.user_id !== request.userId)) {
    throw new PrescriptionError('not_found', 'This order does not exist.');
  }
  if (!fromStatuses('capture').includes(order.status)) {
    throw new PrescriptionError('conflict', PRESCRIPTION_TEXT.closed);
  }
  if (!(await orderNeedsPrescription(db, order.id))) {
    throw new PrescriptionError('invalid', PRESCRIPTION_TEXT.notNeeded);
  }
  const file = input.kind === 'upload' ? await checkedFile(input.file) : undefined;
  const now = Date.now();
  const row: PrescriptionRow = {
    id: randomUUID(),
    order_id: order.id,
    kind: input.kind,
    file_name: file?.fileName ?? null,
    content_type: file?.contentType ?? null,
    size: file?.bytes.length ?? null,
    bytes: file?.bytes ?? null,
    prescriber_name: input.prescriberName ?? null,
    prescriber_phone: input.kind === 'prescriber' ? input.prescriberPhone : null,
    ...claimColumns(input.claim ?? NO_CLAIM_DATA),
    status: 'submitted',
    reason: null,
    reviewed_by: null,
    reviewed_at: null,
    created_at: now,
    updated_at: now,
  };
  await db.transaction().execute(async (trx) => {
    // Only while the order is still unpaid and no payment is talking to the processor.
    const open = await trx
      .selectFrom('orders')
      .select('id')
      .where('id', '=', order.id)
      .where('status', 'in', fromStatuses('capture'))
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst();
    if (!open) throw new PrescriptionError('conflict', PRESCRIPTION_TEXT.closed);
    await trx.deleteFrom('prescriptions').where('order_id', '=', order.id).execute();
    // Sealed at rest (docs/decisions/0062): the file, its name, the prescriber's details, the claim data.
    await trx.insertInto('prescriptions').values(sealPrescription(keys, row)).execute();
  });
  return order;
}

function toView(
  keys: HealthDataKeyring,
  row: Omit<PrescriptionRow, 'bytes' | 'order_id' | 'content_type'>,
): PrescriptionView {
  return {
    kind: row.kind,
    fileName: openPrescriptionText(keys, row.id, 'file_name', row.file_name),
    size: row.size === null ? null : Number(row.size),
    prescriberName: openPrescriptionText(keys, row.id, 'prescriber_name', row.prescriber_name),
    prescriberPhone: openPrescriptionText(keys, row.id, 'prescriber_phone', row.prescriber_phone),
    claim: openClaim(keys, row.id, row),
    status: row.status,
    reason: row.reason,
    createdAt: Number(row.created_at),
    reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
  };
}

const VIEW_COLUMNS = [
  'id',
  'kind',
  'file_name',
  'size',
  'prescriber_name',
  'prescriber_phone',
  'prescriber_npi',
  'diagnosis_codes',
  'prescribed_on',
  'length_of_need',
  'status',
  'reason',
  'reviewed_by',
  'reviewed_at',
  'created_at',
  'updated_at',
] as const;

/** The orders' prescriptions without their files, by order id (a shopper's data download). */
export async function prescriptionsOfOrders(
  db: Db,
  keys: HealthDataKeyring,
  orderIds: readonly string[],
): Promise<Map<string, PrescriptionView>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('prescriptions')
    .select([...VIEW_COLUMNS, 'order_id'])
    .where('order_id', 'in', orderIds)
    .execute();
  return new Map(rows.map(({ order_id, ...row }) => [order_id, toView(keys, row)]));
}

/** The order's prescription without its file, if it has one. */
export async function prescriptionOf(
  db: Db,
  keys: HealthDataKeyring,
  orderId: string,
): Promise<PrescriptionView | undefined> {
  const row = await db
    .selectFrom('prescriptions')
    .select(VIEW_COLUMNS)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row ? toView(keys, row) : undefined;
}

/**
 * The uploaded file as a download: never shown inline from the store's origin (a PDF or an
 * image with scripts in it runs nowhere), not kept by caches, its type fixed by its bytes.
 * 404 when the order has no file, exactly as for an order that is not the asker's.
 */
async function prescriptionDownload(
  db: Db,
  keys: HealthDataKeyring,
  order: Pick<OrderRow, 'id'> | undefined,
): Promise<Response> {
  const row = order
    ? await db
        .selectFrom('prescriptions')
        .select(['id', 'file_name', 'content_type', 'bytes'])
        .where('order_id', '=', order.id)
        .executeTakeFirst()
    : undefined;
  if (!row?.bytes || !row.content_type) {
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const fileName = openPrescriptionText(keys, row.id, 'file_name', row.file_name) ?? 'prescription';
  const name = fileName.replace(/[^\x20-\x7e]/g, '_');
  return new Response(asBody(Buffer.from(openPrescriptionFile(keys, row.id, row.bytes))), {
    headers: {
      'Content-Type': row.content_type,
      'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}

/** The buyer's own file: an account's order, by that account only (anyone else: 404). */
export async function buyerPrescriptionDownload(
  db: Db,
  keys: HealthDataKeyring,
  userId: string,
  reference: string,
): Promise<Response> {
  const order = isOrderReference(reference)
    ? await db
        .selectFrom('orders')
        .select('id')
        .where('reference', '=', reference)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  return prescriptionDownload(db, keys, order);
}

/** Any order's file, for staff (the route checks the role and writes the audit entry). */
export async function staffPrescriptionDownload(
  db: Db,
  keys: HealthDataKeyring,
  reference: string,
): Promise<Response> {
  const order = isOrderReference(reference) ? await findOrderByReference(db, reference) : undefined;
  return prescriptionDownload(db, keys, order);
}

/** The prescription of the order with this reference, for the console's order page. */
export async function prescriptionOfReference(
  db: Db,
  keys: HealthDataKeyring,
  reference: string,
): Promise<PrescriptionView | undefined> {
  const order = isOrderReference(reference) ? await findOrderByReference(db, reference) : undefined;
  return order ? prescriptionOf(db, keys, order.id) : undefined;
}
