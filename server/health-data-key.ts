import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  HealthDataKeyError,
  newHealthDataKey,
  parseHealthDataKeys,
} from '../app/lib/health-data/health-data-keys.server.ts';
import { EnvError } from './env-error.ts';
import { keptSecret } from './owner-only.ts';

/**
 * The key(s) health data is sealed with (docs/decisions/0062). Set, it is checked (its text is
 * never repeated in a message). Unset, a key is generated once into the data folder (owner
 * only) and reused, as the auth secret is on a developer's machine. A public store (production
 * on https) must be given its keys, as its AUTH_SECRET, and keep them apart from its backups
 * (docs/security.md): a backup then holds ciphertext only, and the data folder's loss does not
 * take the key with it. Throws EnvError.
 */
export function resolveHealthDataKey(given: {
  HEALTH_DATA_KEY?: string | undefined;
  DATA_DIR: string;
  NODE_ENV?: string | undefined;
  APP_URL?: string | undefined;
}): string {
  if (given.HEALTH_DATA_KEY) {
    try {
      parseHealthDataKeys(given.HEALTH_DATA_KEY);
    } catch (error) {
      throw error instanceof HealthDataKeyError ? new EnvError(error.message) : error;
    }
    return given.HEALTH_DATA_KEY;
  }
  const file = path.resolve(given.DATA_DIR, 'health-data-key');
  // One generated before is kept (what it sealed stays readable); none is invented for https.
  if (!existsSync(file) && given.NODE_ENV === 'production' && given.APP_URL?.startsWith('https:')) {
    throw new EnvError(
      'HEALTH_DATA_KEY must be set when APP_URL is https (`npm run health-data:key` prints a new key)',
    );
  }
  return keptSecret(file, () => newHealthDataKey('local1'));
}
