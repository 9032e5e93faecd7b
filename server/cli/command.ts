import { parseArgs } from 'node:util';
import pino from 'pino';
import { EnvError } from '../env';
import { createLogger } from '../logger';
import { redactUrlSecrets } from '../redact';
import { createProgress, type Progress } from './progress';

/**
 * Every operator command (`npm run db:migrate`, `db:status`, `db:seed`, `db:backup`,
 * `db:restore`, `admin:create`; docs/decisions/0047) is one call:
 *
 *   await runCommand({
 *     name: 'db:backup',
 *     summary: 'Backs the database up now and prints the file written.',
 *     options: { dir: { type: 'string', valueName: 'DIR', description: 'where to write it' } },
 *     arguments: [],                    // or [{ name: 'FILE', description: '...' }]
 *     run: async ({ options, args, progress }) => {
 *       progress.step('copying ...');   // server/cli/progress.ts: lines on stderr
 *       if (bad) throw new CommandError('DIR is not a folder');
 *       return '/path/written';         // printed on stdout
 *     },
 *   });
 *
 * What it guarantees, so no command repeats it:
 * - `--help` (or `-h`) prints the usage, arguments and options on stdout and exits 0.
 * - A bad command line (unknown option, missing value, wrong number of arguments) prints one
 *   line on stderr, `db:backup: unknown option --foo (see --help)`, and exits 2; `run` is not
 *   called, so nothing changed.
 * - A UsageError thrown by `run` (a value parseArgs cannot judge) is told and exits 2 the same way.
 * - A CommandError, or an invalid configuration (server/env.ts), prints one line and exits 1.
 * - Any other error prints one line, then the error with its stack as a log line (stderr,
 *   secrets in URLs redacted), and exits 1.
 * - What `run` returns is printed on stdout.
 * Scripts run a command through scripts/operator.ts, which reads .env first.
 */
export class CommandError extends Error {}

/** Bad input on the command line found by `run` itself (an invalid --email): exit 2, as parsing. */
export class UsageError extends CommandError {}

export type CommandOption = { description: string; short?: string } & (
  { type: 'string'; valueName?: string; default?: string } | { type: 'boolean'; default?: boolean }
);

export interface CommandArgument {
  name: string;
  description: string;
}

type OptionValue<T extends CommandOption> = T extends { type: 'boolean' } ? boolean : string;
export type OptionValues<O extends Record<string, CommandOption>> = {
  [K in keyof O]: O[K] extends { default: unknown } ? OptionValue<O[K]> : OptionValue<O[K]> | undefined;
};

export interface CommandSpec<O extends Record<string, CommandOption>> {
  /** As operators type it after `npm run`: `db:backup`. */
  name: string;
  /** One or two sentences for --help. */
  summary: string;
  options?: O;
  /** Required arguments, in order; none when left out. */
  arguments?: CommandArgument[];
  /** The work; what it returns is printed on stdout. */
  run: (input: {
    options: OptionValues<O>;
    args: string[];
    progress: Progress;
  }) => Promise<string | undefined>;
}

const USAGE_ERROR = 2;
const FAILED = 1;

export async function runCommand<O extends Record<string, CommandOption>>(
  spec: CommandSpec<O>,
  argv: string[] = process.argv.slice(2),
): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(helpText(spec));
    return;
  }
  let input: { options: OptionValues<O>; args: string[] };
  try {
    input = parseCommandLine(spec, argv);
  } catch (error) {
    console.error(`${spec.name}: ${(error as Error).message} (see --help)`);
    process.exit(USAGE_ERROR);
  }
  try {
    const result = await spec.run({ ...input, progress: createProgress(spec.name) });
    if (result) console.log(result);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${spec.name}: ${error.message} (see --help)`);
      process.exit(USAGE_ERROR);
    } else if (error instanceof CommandError) {
      console.error(`${spec.name}: ${error.message}`);
    } else if (error instanceof EnvError) {
      console.error(`${spec.name}: invalid configuration: ${error.message}`);
    } else {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`${spec.name}: failed: ${redactUrlSecrets(message.split('\n')[0] ?? '')}`);
      createLogger({
        level: 'error',
        pretty: false,
        destination: pino.destination({ fd: 2, sync: true }),
      }).error({ err: error, command: spec.name }, 'operator command failed');
    }
    process.exit(FAILED);
  }
}

function parseCommandLine<O extends Record<string, CommandOption>>(spec: CommandSpec<O>, argv: string[]) {
  const options = Object.fromEntries(
    Object.entries(spec.options ?? {}).map(([key, { type, short, default: value }]) => [
      key,
      // node:util refuses a key present but undefined.
      { type, ...(short ? { short } : {}), ...(value === undefined ? {} : { default: value }) },
    ]),
  );
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(describeParseError(error as Error & { code?: string }));
  }
  const expected = spec.arguments ?? [];
  if (parsed.positionals.length < expected.length) {
    throw new UsageError(`${expected[parsed.positionals.length]?.name} is missing`);
  }
  if (parsed.positionals.length > expected.length) {
    throw new UsageError(`unexpected argument ${parsed.positionals[expected.length]}`);
  }
  return { options: parsed.values as OptionValues<O>, args: parsed.positionals };
}

/** node:util's messages are long and speak of positionals: one short clause instead. */
function describeParseError(error: Error & { code?: string }): string {
  const quoted = /'([^']+)'/.exec(error.message)?.[1] ?? '';
  const option = quoted.split(' ')[0];
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return error.message.includes('does not take') ? `${option} takes no value` : `${option} needs a value`;
    default:
      return error.message.split('\n')[0] ?? error.message;
  }
}

export function helpText<O extends Record<string, CommandOption>>(spec: CommandSpec<O>): string {
  const args = (spec.arguments ?? []).map((argument) => argument.name);
  const rows: [string, string][] = [
    ...(spec.arguments ?? []).map((argument): [string, string] => [argument.name, argument.description]),
    ...Object.entries(spec.options ?? {}).map(([key, option]): [string, string] => [
      optionLabel(key, option),
      option.description +
        (option.type === 'string' && option.default ? ` (default: ${option.default})` : ''),
    ]),
    ['-h, --help', 'shows this help'],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return [
    `Usage: npm run ${spec.name} -- ${[...args, '[options]'].join(' ')}`,
    '',
    spec.summary,
    '',
    ...rows.map(([label, text]) => `  ${label.padEnd(width)}${text}`),
  ].join('\n');
}

function optionLabel(key: string, option: CommandOption): string {
  const long = option.type === 'string' ? `--${key} ${option.valueName ?? 'VALUE'}` : `--${key}`;
  return option.short ? `-${option.short}, ${long}` : long;
}
