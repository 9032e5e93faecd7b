// `npm run health-data:rotate`: re-seals the stored health data under the first key of
// HEALTH_DATA_KEY (docs/decisions/0062), plain values written before sealing began included.
// In batches, each committed: stopped (Ctrl-C, a kill), it is run again and goes on.
import { resealPrescriptions } from '../app/commerce/prescriptions/prescription-rotation.server';
import { HealthDataKeyring } from '../app/lib/health-data/health-data-keys.server';
import { runCommand, UsageError } from './cli/command';
import { withDatabase } from './db/database-command';
import { migrateToLatest } from './db/migrate';
import { parseEnv } from './env';

await runCommand({
  name: 'health-data:rotate',
  summary:
    'Re-seals every stored prescription (file, name, prescriber) under the first key of ' +
    'HEALTH_DATA_KEY, in batches; safe to stop and run again. Keep the older keys configured ' +
    'until it has finished.',
  options: {
    batch: { type: 'string', valueName: 'N', default: '200', description: 'rows a batch (1 to 10000)' },
  },
  run: async ({ options, progress }) => {
    const batch = Number(options.batch);
    if (!Number.isInteger(batch) || batch < 1 || batch > 10_000) {
      throw new UsageError('--batch must be a whole number from 1 to 10000');
    }
    const keys = HealthDataKeyring.from(parseEnv().HEALTH_DATA_KEY);
    return withDatabase(async (database) => {
      await migrateToLatest(database, { onApplied: (name) => progress.step(`applied ${name}`) });
      progress.step(`sealing under key "${keys.current.id}"`);
      const done = await resealPrescriptions(database.db, keys, {
        batch,
        onBatch: ({ examined, resealed, total }) =>
          progress.step(`${examined} of ${total} prescriptions examined, ${resealed} re-sealed`),
      });
      return `Done: ${done.examined} prescriptions examined, ${done.resealed} re-sealed under key "${keys.current.id}".`;
    });
  },
});
