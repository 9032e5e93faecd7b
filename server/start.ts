import { ensureBuild } from '../scripts/ensure-build';
import { EnvError, parseEnv } from './env';

// `npm start`: check the configuration first (a typo should not wait for a build), build what
// is missing, then run the server, which applies migrations before it listens.
try {
  parseEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(`Invalid configuration: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
ensureBuild();
const { main } = await import('./index');
await main();
