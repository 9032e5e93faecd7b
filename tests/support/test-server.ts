import type { Engine } from '../../server/db/database';
import { parseEnv } from '../../server/env';
import type { Logger } from '../../server/logger';
import { type RunningServer, startServer } from '../../server/server';
import { freePort } from './free-port';
import { jobsSettled } from './jobs';
import { TEST_OPERATIONS } from './server-process';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestServer {
  url: string;
  server: RunningServer;
  smtp: SmtpReceiver;
  db: TestDatabase;
  /** Resolves once every queued job (every mail) has run. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real server in this process, on a free loopback port, with a fresh database on the
 * given engine and a real SMTP receiver for its mail.
 */
export async function startTestServer(
  engine: Engine,
  env: Record<string, string> = {},
  options: { logger?: Logger; port?: number } = {},
): Promise<TestServer> {
  const db = createTestDatabase(engine);
  const smtp = await startSmtpReceiver();
  // A port known in advance: a provider started first can name the store's callback URLs.
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer(
    parseEnv({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      DATABASE_URL: db.url,
      DATA_DIR: db.dir,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'silent',
      ...TEST_OPERATIONS,
      ...env,
    }),
    { logger: options.logger },
  );
  return {
    url,
    server,
    smtp,
    db,
    settled: () => jobsSettled(server.services),
    async close() {
      await server.shutdown('test end');
      await smtp.close();
      await db.cleanup();
    },
  };
}
