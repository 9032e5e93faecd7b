import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface TextMessage {
  to: string;
  body: string;
}

/** The 6-digit code of a text, from its first line ("MediSupply code: 123456. ..."). */
export const codeOfText = (text: TextMessage) => /code: (\d{6})/.exec(text.body)?.[1] ?? '';

/** The texts the store wrote to DATA_DIR/sms (no SMS_URL), oldest first. */
export function smsFiles(dataDir: string): TextMessage[] {
  const folder = path.join(dataDir, 'sms');
  let files: string[] = [];
  try {
    files = readdirSync(folder).filter((f) => f.endsWith('.txt'));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const [head = '', ...rest] = readFileSync(path.join(folder, file), 'utf8').split('\n\n');
    return { to: head.replace(/^To: /, '').trim(), body: rest.join('\n\n').trim() };
  });
}

/** Waits for a text to `to` written after `after` texts (the sink is filled by a job). */
export async function waitForSmsFile(dataDir: string, to: string, after = 0, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = smsFiles(dataDir)
      .slice(after)
      .find((text) => text.to === to);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no text message to ${to} within ${timeoutMs} ms`);
}

export interface SmsProviderStandIn {
  url: string;
  /** Accepted messages, with the account and credentials they came with. */
  received: (TextMessage & { from: string; account: string; authorization: string })[];
  /** The next `count` requests are answered 503 (a provider that is briefly away). */
  failNext(count: number): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/**
 * A local stand-in for a Twilio-compatible provider: POST {base}/Accounts/{sid}/Messages.json
 * with Basic auth and a form body (To, From, Body), answered 201 with a message resource.
 */
export async function startSmsProvider(): Promise<SmsProviderStandIn> {
  const received: SmsProviderStandIn['received'] = [];
  let failures = 0;
  const server = createServer(async (request, response) => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.url ?? '');
    const form = new URLSearchParams(await readBody(request));
    if (request.method !== 'POST' || !match) {
      response.writeHead(404).end();
      return;
    }
    if (failures > 0) {
      failures -= 1;
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"try again"}');
      return;
    }
    received.push({
      account: decodeURIComponent(match[1]!),
      authorization: request.headers.authorization ?? '',
      to: form.get('To') ?? '',
      from: form.get('From') ?? '',
      body: form.get('Body') ?? '',
    });
    response
      .writeHead(201, { 'content-type': 'application/json' })
      .end(JSON.stringify({ sid: `SM${received.length}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/2010-04-01`,
    received,
    failNext(count) {
      failures = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
