import { ensureBuild } from '../scripts/ensure-build';
import { EnvError, parseEnv } from './env';

// `npm start`: check the configuration first (a typo should not wait for a build), build what
// is missing, then run the server, which applies migrations before it listens.

// React and other libraries choose their development or production build from NODE_ENV when
// they are first loaded; unset, React's server renderer runs its slow development build. Our
// configuration defaults to production, so the process must say so before anything loads.
process.env.NODE_ENV ??= 'production';
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
