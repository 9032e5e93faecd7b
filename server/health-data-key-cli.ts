// `npm run health-data:key -- [--id k2]`: prints a new key for HEALTH_DATA_KEY (docs/decisions/0062).
// To rotate, an operator puts it first in HEALTH_DATA_KEY, keeps the old ones after it, restarts,
// and re-seals the stored health data under it. The key is printed once and kept nowhere.
import { HealthDataKeyError, newHealthDataKey } from '../app/lib/health-data/health-data-keys.server';
import { runCommand, UsageError } from './cli/command';

await runCommand({
  name: 'health-data:key',
  summary:
    'Prints a new key for HEALTH_DATA_KEY (id:base64 of 32 random bytes). Put it first in ' +
    'HEALTH_DATA_KEY to seal new health data with it; keep the older keys after it until the ' +
    'stored data is re-sealed.',
  options: {
    id: {
      type: 'string',
      valueName: 'ID',
      default: `k${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`,
      description: "the key's name in sealed values: letters, digits, - or _ (default: k and today's date)",
    },
  },
  run: async ({ options }) => {
    try {
      return newHealthDataKey(options.id);
    } catch (error) {
      if (error instanceof HealthDataKeyError) throw new UsageError(`--id: ${error.message}`);
      throw error;
    }
  },
});
