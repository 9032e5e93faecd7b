import type { ServerBuild } from 'react-router';
import { EnvError, parseEnv } from './env';
import { startServer } from './server';

/**
 * Starts the store with its configuration from the environment and stops it gracefully on
 * SIGTERM or SIGINT. Called by the production entry (server/main.ts) with the bundled build.
 */
export async function main(build: ServerBuild): Promise<void> {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`Invalid configuration: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  let running;
  try {
    running = await startServer(env, { build, checkpointInBackground: true });
  } catch (error) {
    console.error('Server failed to start:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      running.shutdown(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          running.services.logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
