import type { Auth } from './auth/auth';
import type { AppDatabase } from './db/database';
import type { Env } from './env';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { PaymentGateway } from './payments/gateway';
import type { RateLimiter } from './rate-limit';
import type { CartEvents } from './realtime/cart-events';

/** Long-lived services shared by every request; built once in server/services.ts. */
export interface AppServices {
  env: Env;
  database: AppDatabase;
  logger: Logger;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  auth: Auth;
  cartEvents: CartEvents;
  payments: PaymentGateway;
  close(): Promise<void>;
}

export interface AppBindings {
  Variables: {
    requestId: string;
    nonce: string;
    logger: Logger;
    clientIp: string;
  };
}
