import { loadDotenv } from '../server/dotenv.ts';

/**
 * `node --import tsx scripts/operator.ts <command> [args]`: the one entry of the operator
 * commands (the npm scripts db:*, admin:create; docs/decisions/0047). They run from source, so
 * none of them waits for, or starts, a build. Each command module runs itself through
 * runCommand (server/cli/command.ts) on the arguments after its name.
 */
const COMMANDS: Record<string, { file: string; summary: string }> = {
  'db:migrate': { file: '../server/db/migrate-cli.ts', summary: 'applies pending migrations' },
  'db:status': { file: '../server/db/status-cli.ts', summary: 'lists applied and pending migrations' },
  'db:seed': { file: '../server/seed-cli.ts', summary: "adds the data files' catalogue where missing" },
  'db:backup': { file: '../server/backup/backup-cli.ts', summary: 'backs the database up now' },
  'db:restore': { file: '../server/backup/restore-cli.ts', summary: 'puts a SQLite backup in place' },
  'admin:create': { file: '../server/admin-cli.ts', summary: 'makes the first administrator' },
  'products:import': { file: '../server/products-import-cli.ts', summary: 'imports a products CSV' },
  'health-data:key': { file: '../server/health-data-key-cli.ts', summary: 'prints a new health data key' },
  'refills:run': { file: '../server/refills-cli.ts', summary: 'runs one pass of the refill scheduler' },
  'sales:recount': {
    file: '../server/sales-recount-cli.ts',
    summary: "rebuilds the dashboard's daily sales",
  },
  'health-data:rotate': {
    file: '../server/health-data-rotate-cli.ts',
    summary: 're-seals health data under the first key',
  },
};

const name = process.argv[2] ?? '';
const command = COMMANDS[name];
if (!command) {
  const list = Object.entries(COMMANDS).map(([key, { summary }]) => `  ${key.padEnd(14)}${summary}`);
  const help = ['Usage: npm run <command> -- [options]   (--help after a command for its own)', '', ...list];
  if (name === '' || name === '--help' || name === '-h') {
    console.log(help.join('\n'));
    process.exit(0);
  }
  console.error(`unknown command ${name}; the commands are ${Object.keys(COMMANDS).join(', ')}`);
  process.exit(2);
}

// .env before anything reads the environment; then the store's default, as `npm start` has it.
try {
  loadDotenv();
} catch (error) {
  console.error(`${name}: ${(error as Error).message}`);
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';
// The command's own arguments then start at argv[2], as when its module is run directly.
process.argv.splice(2, 1);
await import(new URL(command.file, import.meta.url).href);
