import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { EnvError } from '../env';

/**
 * Runs an operator command (`npm run db:backup`, `npm run db:restore`): what it prints goes to
 * stdout, a refusal or failure is one message on stderr and exit code 1.
 */
export async function runCommand(task: () => Promise<string>): Promise<void> {
  try {
    console.log(await task());
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof EnvError ? `Invalid configuration: ${message}` : message);
    process.exit(1);
  }
}

/** The command line's options and file arguments; unknown options are refused. */
export function commandArgs<T extends ParseArgsOptionsConfig>(options: T) {
  try {
    return parseArgs({ args: process.argv.slice(2), options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new Error((error as Error).message);
  }
}
