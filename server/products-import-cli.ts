// `npm run products:import -- --file products.csv [--dry-run]`: the console's CSV import from
// the command line (docs/decisions/0050): the dry run's report, then the write in one
// transaction unless --dry-run. A composition root (eslint.config.js): a thin entry over the
// catalogue feature's import.
import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { CATALOGUE_TOPIC, catalogueMessage } from '../app/commerce/catalogue/catalogue-store.server';
import { importPlanLines } from '../app/features/catalog/import/import-text';
import {
  dryRunImport,
  type ImportProgress,
  ImportRefusedError,
  writeImport,
} from '../app/features/catalog/import/product-import.server';
import { runDatabaseCommand } from './db/database-command';

const { values } = parseArgs({ options: { file: { type: 'string' }, 'dry-run': { type: 'boolean' } } });

const progress: ImportProgress = ({ phase, done, total }) => console.error(`${phase}: ${done}/${total} rows`);

await runDatabaseCommand(async (database) => {
  if (!values.file)
    throw new Error('Name the file: npm run products:import -- --file products.csv [--dry-run]');
  const text = await readFile(values.file, 'utf8');
  const fileName = values.file;
  if (values['dry-run']) {
    const plan = await dryRunImport(database.db, text, progress);
    const report = [...importPlanLines(plan), 'Dry run: nothing was written.'].join('\n');
    // Exit 1 when the file could not be written, so a script stops before the real run.
    if (plan.fileError || plan.counts.refused > 0) throw new Error(report);
    return report;
  }
  const actor = { id: 'command-line', email: `${userInfo().username} (npm run products:import)` };
  try {
    const { plan } = await writeImport(database.db, actor, text, { fileName, onProgress: progress });
    // Running stores on PostgreSQL hear it and read the catalogue again (one signal, all of it).
    if (database.engine === 'postgres') {
      await sql`select pg_notify(${CATALOGUE_TOPIC}, ${catalogueMessage('products:import', 'all')})`.execute(
        database.db,
      );
    }
    return [...importPlanLines(plan), 'Written in one transaction.'].join('\n');
  } catch (error) {
    if (!(error instanceof ImportRefusedError)) throw error;
    throw new Error([...importPlanLines(error.plan), 'Nothing was written.'].join('\n'), { cause: error });
  }
});
