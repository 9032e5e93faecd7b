// `npm run products:import -- --file products.csv [--dry-run]`: the console's CSV import from
// the command line (docs/decisions/0050): the dry run's report, then the write in one
// transaction unless --dry-run. A composition root (eslint.config.js): a thin entry over the
// catalogue feature's import.
import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { sql } from 'kysely';
import { CATALOGUE_TOPIC, catalogueMessage } from '../app/commerce/catalogue/catalogue-store.server';
import { importPlanLines } from '../app/features/catalog/import/import-text';
import {
  dryRunImport,
  type ImportProgress,
  ImportRefusedError,
  writeImport,
} from '../app/features/catalog/import/product-import.server';
import { CommandError, runCommand } from './cli/command';
import { withDatabase } from './db/database-command';

await runCommand({
  name: 'products:import',
  summary:
    'Imports a products CSV as the console does: lists every change and every refused row with its ' +
    'line, then writes the whole file in one transaction (or nothing). Exits 1 when a row is refused.',
  options: {
    file: { type: 'string', valueName: 'FILE', description: 'the CSV to import (as the console exports it)' },
    'dry-run': { type: 'boolean', description: 'list the changes and refused rows; write nothing' },
  },
  run: async ({ options, progress }) => {
    const fileName = options.file;
    if (!fileName) throw new CommandError('name the file: --file products.csv (see --help)');
    const text = await readFile(fileName, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new CommandError(`cannot read ${fileName}: ${error.code ?? error.message}`);
    });
    const onProgress: ImportProgress = ({ phase, done, total }) =>
      progress.step(`${phase}: ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} rows`);
    return withDatabase(async (database) => {
      if (options['dry-run']) {
        const plan = await dryRunImport(database.db, text, onProgress);
        const report = [...importPlanLines(plan), 'Dry run: nothing was written.'].join('\n');
        // Exit 1 when the file could not be written, so a script stops before the real run.
        if (plan.fileError || plan.counts.refused > 0) throw new CommandError(report);
        return report;
      }
      const actor = { id: 'command-line', email: `${userInfo().username} (npm run products:import)` };
      try {
        const { plan } = await writeImport(database.db, actor, text, { fileName, onProgress });
        // Running stores on PostgreSQL hear it and read the catalogue again (one signal, all of it).
        if (database.engine === 'postgres') {
          const message = catalogueMessage('products:import', 'all');
          await sql`select pg_notify(${CATALOGUE_TOPIC}, ${message})`.execute(database.db);
        }
        return [...importPlanLines(plan), 'Written in one transaction.'].join('\n');
      } catch (error) {
        if (!(error instanceof ImportRefusedError)) throw error;
        throw new CommandError([...importPlanLines(error.plan), 'Nothing was written.'].join('\n'), {
          cause: error,
        });
      }
    });
  },
});
