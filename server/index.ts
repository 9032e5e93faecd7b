import { EnvError, parseEnv } from './env';
import { startServer } from './server';

/** Production entry: `npm start` (through server/start.ts) or `node --import tsx server/index.ts`. */
export async function main(): Promise<void> {
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
  const running = await startServer(env);
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

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) {
  main().catch((error: unknown) => {
    console.error('Server failed to start:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
