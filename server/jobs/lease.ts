import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/**
 * A lease in the database: among the instances sharing it, one holds a named job at a time,
 * until the lease runs out (a holder that died lets go by itself). The take is one conditional
 * upsert, atomic on both engines, so two instances asking at once cannot both get it.
 */
export async function takeLease(
  db: Kysely<DatabaseSchema>,
  name: string,
  holder: string,
  ttlMs: number,
  now = Date.now(),
): Promise<boolean> {
  const result = await db
    .insertInto('job_leases')
    .values({ name, holder, until: now + ttlMs, last_run_at: null })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, until: now + ttlMs })
        .where((eb) => eb.or([eb('job_leases.until', '<', now), eb('job_leases.holder', '=', holder)])),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Done: the lease is free at once, and the run is noted. */
export async function releaseLease(db: Kysely<DatabaseSchema>, name: string, holder: string): Promise<void> {
  const now = Date.now();
  await db
    .updateTable('job_leases')
    .set({ holder: null, until: 0, last_run_at: now })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}

/**
 * Runs `task` every `intervalMs` on this instance, each time only if this instance takes the
 * lease. A run that throws is logged by `onError` and the next one still comes. Returns stop.
 */
export function scheduleLeasedJob(options: {
  db: Kysely<DatabaseSchema>;
  name: string;
  holder: string;
  intervalMs: number;
  /** Longer than a run can take: another instance takes over after it if this one died. */
  leaseMs: number;
  task: () => Promise<void>;
  onError: (error: unknown) => void;
}): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = async () => {
    if (!(await takeLease(options.db, options.name, options.holder, options.leaseMs))) return;
    try {
      await options.task();
    } finally {
      await releaseLease(options.db, options.name, options.holder);
    }
  };
  const tick = () => {
    if (stopped || running) return;
    running = run()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  // The first run soon after start, not a whole interval later (a restart does not skip one).
  const first = setTimeout(tick, Math.min(options.intervalMs, 2_000));
  first.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
    await running;
  };
}
