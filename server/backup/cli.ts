import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/**
 * The command line's options and file arguments; an unknown option throws, which runCommand
 * (server/db/database-command.ts) prints as the command's one line of error.
 */
export function commandArgs<T extends ParseArgsOptionsConfig>(options: T) {
  return parseArgs({ args: process.argv.slice(2), options, allowPositionals: true, strict: true });
}
