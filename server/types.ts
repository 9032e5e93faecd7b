import type { AppDatabase } from './db/database';
import type { Env } from './env';
import type { Logger } from './logger';
import type { RateLimiter } from './rate-limit';

/** Long-lived services shared by every request; built once in server/index.ts. */
export interface AppServices {
  env: Env;
  database: AppDatabase;
  logger: Logger;
  rateLimiter: RateLimiter;
}

export interface AppBindings {
  Variables: {
    requestId: string;
    nonce: string;
    logger: Logger;
  };
}
