import { type Kysely, sql } from 'kysely';
import { isPostgres } from '#server/db/database';
import type { DatabaseSchema } from '#server/db/schema';
import { HealthDataKeyring } from '~/lib/health-data/health-data-keys.server';
import {
  resealPrescriptionFile,
  resealPrescriptionText,
  SEALED_PRESCRIPTION_COLUMNS,
  type SealedColumn,
} from './prescription-sealing.server';

type Db = Kysely<DatabaseSchema>;

export interface ResealProgress {
  examined: number;
  resealed: number;
  total: number;
}

/** A sealed file's first bytes: its version, its key id's length and the id (at most 32). */
const HEAD_BYTES = 40;

/**
 * Re-seals every prescription whose health data is plain (written before sealing began) or
 * sealed under a key other than the first of HEALTH_DATA_KEY (`npm run health-data:rotate`,
 * docs/decisions/0062). Rows go by id in batches, each batch in its own transaction, so a
 * stopped run has kept every batch it finished and the next run passes over them quickly: only
 * the ids, the short columns and a file's first bytes are read to decide. A row changed since
 * it was read (reviewed, or erased by its account's deletion) is left for the next run.
 */
export async function resealPrescriptions(
  db: Db,
  keys: HealthDataKeyring,
  options: { batch?: number; onBatch?: (progress: ResealProgress) => void } = {},
): Promise<ResealProgress> {
  const batch = options.batch ?? 200;
  const { n } = await db
    .selectFrom('prescriptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const progress: ResealProgress = { examined: 0, resealed: 0, total: Number(n) };
  const head = isPostgres(db)
    ? sql<Uint8Array | null>`substring(bytes from 1 for ${sql.lit(HEAD_BYTES)})`
    : sql<Uint8Array | null>`substr(bytes, 1, ${sql.lit(HEAD_BYTES)})`;
  const current = keys.current.id;
  const stale = (value: string | Uint8Array | null) =>
    value !== null && HealthDataKeyring.keyIdOf(value) !== current;
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('prescriptions')
      .select(['id', 'updated_at', ...SEALED_PRESCRIPTION_COLUMNS, head.as('head')])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute();
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
    const due = rows.filter(
      (row) => stale(row.head) || SEALED_PRESCRIPTION_COLUMNS.some((column) => stale(row[column])),
    );
    if (due.length > 0) {
      await db.transaction().execute(async (trx) => {
        for (const row of due) {
          const { bytes } = await trx
            .selectFrom('prescriptions')
            .select('bytes')
            .where('id', '=', row.id)
            .executeTakeFirstOrThrow();
          // Every sealed column, the claim data's included (docs/decisions/0063).
          const texts = Object.fromEntries(
            SEALED_PRESCRIPTION_COLUMNS.map((column) => {
              const value = row[column];
              return [column, value === null ? null : resealPrescriptionText(keys, row.id, column, value)];
            }),
          ) as Record<SealedColumn, string | null>;
          const result = await trx
            .updateTable('prescriptions')
            .set({ ...texts, bytes: bytes === null ? null : resealPrescriptionFile(keys, row.id, bytes) })
            .where('id', '=', row.id)
            .where('updated_at', '=', row.updated_at)
            .executeTakeFirst();
          progress.resealed += Number(result.numUpdatedRows);
        }
      });
    }
    progress.examined += rows.length;
    options.onBatch?.({ ...progress });
  }
  return progress;
}
