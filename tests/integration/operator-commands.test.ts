import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from '../../server/env';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations';
import { type OperatorCommand, runCommand } from '../support/operator-commands';
import { createTestDatabase, testEngines } from '../support/test-database';

// The operator commands as operators run them (docs/decisions/0047): real processes through
// scripts/operator.ts, on a real SQLite file and PostgreSQL. Each start of tsx costs about a
// second, so the processes of a test run side by side.
const ROOT = path.resolve(import.meta.dirname, '../..');
const SECRET = 'operator-commands-test-secret-long-enough';
const MIGRATION_NAMES = Object.keys(migrations);

/** Each command and an option its help must name. */
const COMMANDS: [OperatorCommand, string][] = [
  ['db:migrate', '--help'],
  ['db:status', '--help'],
  ['db:seed', '--help'],
  ['db:backup', '--dir DIR'],
  ['db:restore', '--force'],
  ['admin:create', '--email EMAIL'],
  ['products:import', '--file FILE'],
  ['health-data:key', '--id ID'],
  ['health-data:rotate', '--batch N'],
  ['refills:run', '--date YYYY-MM-DD'],
];

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe('every operator command', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'operator-'));
  // A database that does not exist: no command may get as far as opening it.
  const env = { DATABASE_URL: `file:${scratch}/never.db`, DATA_DIR: scratch, AUTH_SECRET: SECRET };
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('prints its usage and options for --help, exit 0', { timeout: 90_000 }, async () => {
    const results = await Promise.all(
      COMMANDS.map(([name]) => runCommand({ operator: name }, ['--help'], env)),
    );
    results.forEach((result, index) => {
      const [name, option] = COMMANDS[index]!;
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(`Usage: npm run ${name} --`);
      expect(result.stdout).toContain(option);
      expect(result.stderr).toBe('');
    });
  });

  it(
    'refuses an unknown option with one line and exit 2, changing nothing',
    { timeout: 90_000 },
    async () => {
      const results = await Promise.all(
        COMMANDS.map(([name]) => runCommand({ operator: name }, ['--foo'], env)),
      );
      results.forEach((result, index) => {
        const [name] = COMMANDS[index]!;
        expect(result.code).toBe(2);
        expect(lines(result.stderr)).toEqual([`${name}: unknown option --foo (see --help)`]);
        expect(result.stdout).toBe('');
      });
      expect(existsSync(`${scratch}/never.db`)).toBe(false);
    },
  );

  it('refuses missing and bad values with one line each', { timeout: 90_000 }, async () => {
    const cases: [OperatorCommand, string[], number, string][] = [
      ['db:backup', ['--dir'], 2, 'db:backup: --dir needs a value (see --help)'],
      ['db:restore', [], 2, 'db:restore: FILE is missing (see --help)'],
      ['db:restore', ['a.db', '--force=yes'], 2, 'db:restore: --force takes no value (see --help)'],
      [
        'admin:create',
        ['--email', 'nope'],
        2,
        'admin:create: nope is not a valid email address (see --help)',
      ],
      [
        'db:status',
        [],
        1,
        'db:status: invalid configuration: PORT must be a whole number between 0 and 65535',
      ],
      [
        'health-data:key',
        ['--id', 'no spaces'],
        2,
        'health-data:key: --id: a key id is letters, digits, - or _ (at most 32) (see --help)',
      ],
      [
        'refills:run',
        ['--date', '2027-02-30'],
        2,
        'refills:run: --date 2027-02-30 is not a date (YYYY-MM-DD) (see --help)',
      ],
    ];
    const results = await Promise.all(
      cases.map(([name, args], index) =>
        runCommand({ operator: name }, args, index === 4 ? { ...env, PORT: 'eighty' } : env),
      ),
    );
    results.forEach((result, index) => {
      const [, , code, line] = cases[index]!;
      expect(result.code).toBe(code);
      expect(lines(result.stderr)).toEqual([line]);
    });
  });

  it('prints a new health data key that HEALTH_DATA_KEY takes', async () => {
    const result = await runCommand({ operator: 'health-data:key' }, ['--id', 'k2'], env);
    expect(result.code, result.stderr).toBe(0);
    const key = result.stdout.trim();
    expect(key).toMatch(/^k2:[A-Za-z0-9+/]{43}=$/);
    expect(parseEnv({ DATA_DIR: scratch, HEALTH_DATA_KEY: key }).HEALTH_DATA_KEY).toBe(key);
  });

  it('tells an unexpected failure in one line, then logs it with its stack, secrets left out', async () => {
    // Nothing listens on port 1: the connection is refused.
    const unreachable = { ...env, DATABASE_URL: 'postgres://store:s3cret-word@127.0.0.1:1/store' };
    const result = await runCommand({ operator: 'db:status' }, [], unreachable);
    expect(result.code).toBe(1);
    const [first, log, ...rest] = lines(result.stderr);
    expect(first).toBe('db:status: failed: connect ECONNREFUSED 127.0.0.1:1');
    expect(JSON.parse(log ?? '{}')).toMatchObject({ msg: 'operator command failed', command: 'db:status' });
    expect(rest).toEqual([]);
    expect(result.stderr).not.toContain('s3cret-word');
  });
});

describe.each(testEngines)('db:status and db:migrate on %s', (engine) => {
  const testDb = createTestDatabase(engine);
  const env = { DATABASE_URL: testDb.url, DATA_DIR: testDb.dir, AUTH_SECRET: SECRET };
  afterAll(() => testDb.cleanup());

  it(
    'lists every migration pending, applies each one by name, then lists them applied',
    { timeout: 90_000 },
    async () => {
      const before = await runCommand({ operator: 'db:status' }, [], env);
      expect(before.code, before.stderr).toBe(0);
      expect(before.stdout).toContain('Applied (0):');
      expect(before.stdout).toContain(`Pending (${MIGRATION_NAMES.length}):`);

      const migrate = await runCommand({ operator: 'db:migrate' }, [], env);
      expect(migrate.code, migrate.stderr).toBe(0);
      const applied = lines(migrate.stderr).map(
        (line) => /^db:migrate: applied (\S+) \(\d+ ms\)$/.exec(line)?.[1],
      );
      expect(applied).toEqual(MIGRATION_NAMES);
      expect(migrate.stdout.trim()).toBe(`Applied ${MIGRATION_NAMES.length} migrations.`);

      const after = await runCommand({ operator: 'db:status' }, [], env);
      expect(after.code, after.stderr).toBe(0);
      expect(after.stdout).toContain(`Applied (${MIGRATION_NAMES.length}):`);
      expect(after.stdout).toMatch(new RegExp(`  ${MIGRATION_NAMES.at(-1)}  \\d{4}-\\d\\d-\\d\\dT`));
      expect(after.stdout).toContain('Pending (0):');

      const again = await runCommand({ operator: 'db:migrate' }, [], env);
      expect(again.stdout.trim()).toBe('Database is up to date.');
      expect(again.stderr).toBe('');
    },
  );

  it(
    'imports no file with a refused row: the report names its line, exit 1',
    { timeout: 90_000 },
    async () => {
      const file = path.join(testDb.dir, 'prices.csv');
      writeFileSync(file, 'sku,price\nNO-SUCH-SKU,12.505\n');
      const [dryRun, write] = await Promise.all([
        runCommand({ operator: 'products:import' }, ['--file', file, '--dry-run'], env),
        runCommand({ operator: 'products:import' }, ['--file', file], env),
      ]);
      for (const result of [dryRun, write]) {
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(/line 2 NO-SUCH-SKU: REFUSED /);
        expect(result.stderr).toContain('0 to create, 0 to update, 0 unchanged, 1 refused.');
        expect(result.stdout).toBe('');
      }
      expect(write.stderr).toContain('Nothing was written.');
      const missing = await runCommand({ operator: 'products:import' }, ['--file', `${file}.gone`], env);
      expect(missing.code).toBe(1);
      expect(lines(missing.stderr)).toEqual([`products:import: cannot read ${file}.gone: ENOENT`]);
    },
  );
});

describe('.env', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dotenv-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    path.join(dir, '.env'),
    ['# as an operator copies .env.example', 'DATABASE_URL=file:./from-file.db', 'PORT=not-a-port', ''].join(
      '\n',
    ),
  );
  const inDir = { cwd: dir };

  it('is read by the operator commands, an exported value winning over it', { timeout: 90_000 }, async () => {
    const [fromFile, exported, namedMissing] = await Promise.all([
      runCommand({ operator: 'db:status' }, [], { PORT: '3000' }, inDir),
      runCommand({ operator: 'db:status' }, [], { PORT: '3000', DATABASE_URL: 'file:./exported.db' }, inDir),
      runCommand({ operator: 'db:status' }, [], { ENV_FILE: 'missing.env' }, inDir),
    ]);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(fromFile.stdout).toContain(`No database at ${path.join(dir, 'from-file.db')} yet.`);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain(`No database at ${path.join(dir, 'exported.db')} yet.`);
    expect(namedMissing.code).toBe(1);
    expect(lines(namedMissing.stderr)).toEqual([
      `db:status: ENV_FILE names ${path.join(dir, 'missing.env')}, which does not exist`,
    ]);
  });

  it('is read by npm start before it checks the configuration', { timeout: 60_000 }, async () => {
    const start = { node: [path.join(ROOT, 'scripts/start.ts')] };
    // The file's PORT is refused, before any build; exported, PORT passes and the next
    // variable (exported too) is the one refused.
    const [fromFile, exported] = await Promise.all([
      runCommand(start, [], {}, inDir),
      runCommand(start, [], { PORT: '3000', DATABASE_URL: 'nope' }, inDir),
    ]);
    expect(fromFile.code).toBe(1);
    expect(fromFile.stderr.trim()).toBe(
      'Invalid configuration: PORT must be a whole number between 0 and 65535',
    );
    expect(exported.code).toBe(1);
    expect(exported.stderr.trim()).toBe(
      'Invalid configuration: DATABASE_URL must start with file: or postgres://',
    );
  });
});
