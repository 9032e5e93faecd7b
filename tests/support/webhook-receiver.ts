import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedTry {
  id: string;
  /** 1 for the first request carrying this webhook-id. */
  attempt: number;
  answered: 'ok' | 'error' | 'silence';
  verified: boolean;
  type: string | null;
}

export interface WebhookReceiver {
  url: string;
  /** Set once the store has shown the endpoint's secret: every request is verified with it. */
  secret: string | null;
  tries: ReceivedTry[];
  /** Ids answered 200, with how many times each was. */
  accepted(): Map<string, number>;
  close(): Promise<void>;
}

/**
 * An integration's endpoint on loopback: verifies each request's signature with the Standard
 * Webhooks library itself, and answers by `plan(attempt)` for the nth request of a webhook-id:
 * an error (500), silence (no answer: the store's timeout), or 200.
 */
export async function startWebhookReceiver(
  plan: (attempt: number) => 'ok' | 'error' | 'silence',
): Promise<WebhookReceiver> {
  const tries: ReceivedTry[] = [];
  const held = new Set<ServerResponse>();
  const receiver: WebhookReceiver = {
    url: '',
    secret: null,
    tries,
    accepted() {
      const counts = new Map<string, number>();
      for (const t of tries) if (t.answered === 'ok') counts.set(t.id, (counts.get(t.id) ?? 0) + 1);
      return counts;
    },
    close: () =>
      new Promise((resolve) => {
        for (const response of held) response.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['webhook-id'] ?? '');
      let verified = false;
      let type: string | null = null;
      try {
        const payload = new Webhook(receiver.secret ?? 'whsec_AAAA').verify(
          body,
          request.headers as Record<string, string>,
        ) as { type: string };
        verified = true;
        type = payload.type;
      } catch {
        verified = false;
      }
      const attempt = tries.filter((t) => t.id === id).length + 1;
      const answered = verified ? plan(attempt) : 'error';
      tries.push({ id, attempt, answered, verified, type });
      if (answered === 'silence') {
        held.add(response);
        return;
      }
      response.writeHead(answered === 'ok' ? 200 : 500, { 'content-type': 'text/plain' });
      response.end(answered === 'ok' ? 'thanks' : 'x'.repeat(5000));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
