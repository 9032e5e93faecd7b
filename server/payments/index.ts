import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { Env } from '../env';
import {
  AUTHORIZENET_PRODUCTION_ENDPOINT,
  AUTHORIZENET_SANDBOX_ENDPOINT,
  createAuthorizeNetGateway,
} from './authorizenet';
import type { PaymentGateway } from './gateway';
import { createTestGateway, createUnconfiguredGateway } from './test-gateway';

export type { PaymentGateway } from './gateway';

/** The gateway PAYMENT_PROVIDER names (env.ts has already checked its settings). */
export function createPaymentGateway(env: Env, db?: Kysely<DatabaseSchema>): PaymentGateway {
  switch (env.PAYMENT_PROVIDER) {
    case 'none':
      return createUnconfiguredGateway();
    case 'authorizenet': {
      const endpoint =
        env.AUTHORIZENET_ENDPOINT === 'sandbox'
          ? AUTHORIZENET_SANDBOX_ENDPOINT
          : env.AUTHORIZENET_ENDPOINT === 'production'
            ? AUTHORIZENET_PRODUCTION_ENDPOINT
            : env.AUTHORIZENET_ENDPOINT;
      return createAuthorizeNetGateway({
        apiLoginId: env.AUTHORIZENET_API_LOGIN_ID ?? '',
        transactionKey: env.AUTHORIZENET_TRANSACTION_KEY ?? '',
        endpoint,
      });
    }
    default:
      return createTestGateway(db);
  }
}
