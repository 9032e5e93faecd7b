import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads `.env` from the working directory (or the file `ENV_FILE` names) into process.env, with
 * Node's own parser (`process.loadEnvFile`): a variable already set in the environment keeps
 * its value, so an exported value always wins over the file. A missing `.env` is no error (the
 * environment alone may configure the store); a missing `ENV_FILE` is, since it was asked for.
 *
 * Called first thing by scripts/start.ts, scripts/dev.ts and scripts/operator.ts, before
 * anything reads the environment. Imported with its extension by scripts Node runs on its own
 * TypeScript support, so it imports nothing extensionless.
 *
 * Returns the file read, or undefined when there was none.
 */
export function loadDotenv(): string | undefined {
  const named = process.env.ENV_FILE?.trim();
  const file = path.resolve(named || '.env');
  if (!existsSync(file)) {
    if (named) throw new Error(`ENV_FILE names ${file}, which does not exist`);
    return undefined;
  }
  process.loadEnvFile(file);
  return file;
}
