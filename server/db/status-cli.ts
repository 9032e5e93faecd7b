import { existsSync } from 'node:fs';
import { runCommand } from '../cli/command';
import { parseEnv } from '../env';
import { isPostgresUrl, sqlitePathFromUrl } from './database';
import { withDatabase } from './database-command';
import { type MigrationState, migrationStates } from './migrate';
import { migrations } from './migrations';

// `npm run db:status`: which migrations DATABASE_URL has and which are pending. Reads only.
await runCommand({
  name: 'db:status',
  summary:
    'Lists the migrations applied to DATABASE_URL (with when) and those still pending. Changes nothing.',
  run: async () => {
    const url = parseEnv().DATABASE_URL;
    if (!isPostgresUrl(url)) {
      const file = sqlitePathFromUrl(url);
      // Opening a missing SQLite file would create it: a status must leave no trace.
      if (file !== ':memory:' && !existsSync(file)) {
        const names = Object.keys(migrations).map((name) => ({ name }));
        return [`No database at ${file} yet.`, ...report(names)].join('\n');
      }
    }
    return report(await withDatabase((database) => migrationStates(database))).join('\n');
  },
});

function report(states: MigrationState[]): string[] {
  const applied = states.flatMap(({ name, appliedAt }) => (appliedAt ? [{ name, appliedAt }] : []));
  const pending = states.filter((state) => !state.appliedAt);
  return [
    `Applied (${applied.length}):`,
    ...applied.map((state) => `  ${state.name}  ${state.appliedAt.toISOString()}`),
    `Pending (${pending.length}):`,
    ...(pending.length ? pending.map((state) => `  ${state.name}`) : ['  none: the database is up to date']),
  ];
}
