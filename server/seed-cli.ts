// `npm run db:seed`: migrates, then writes the catalogue's data files into an empty catalogue
// (or adds the products it lacks). Safe to run twice: nothing already there changes.
// A composition root (eslint.config.js): it runs the catalogue feature's seed.
import { sql } from 'kysely';
import {
  CATALOGUE_TOPIC,
  catalogueMessage,
  seedFromDataFiles,
} from '../app/commerce/catalogue/catalogue-store.server';
import { runCommand } from './cli/command';
import { formatDuration } from './cli/progress';
import { withDatabase } from './db/database-command';
import { migrateToLatest } from './db/migrate';

await runCommand({
  name: 'db:seed',
  summary:
    "Applies pending migrations, then adds the data files' catalogue to DATABASE_URL where it is " +
    'missing. Safe to run twice: nothing already there changes.',
  run: ({ progress }) =>
    withDatabase(async (database) => {
      await migrateToLatest(database, {
        onApplied: (name, ms) => progress.step(`applied ${name} (${formatDuration(ms)})`),
      });
      const added = await progress.during(
        seedFromDataFiles(database.db),
        (ms) => `adding the catalogue's products (${formatDuration(ms)})`,
      );
      // Running stores on PostgreSQL hear it and read the catalogue again.
      if (added > 0 && database.engine === 'postgres') {
        const message = catalogueMessage('db:seed', 'all');
        await sql`select pg_notify(${CATALOGUE_TOPIC}, ${message})`.execute(database.db);
      }
      return added > 0
        ? `Catalogue seeded: ${added} products added.`
        : 'Catalogue already seeded: nothing to add.';
    }),
});
