import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isInwardAddress } from './endpoint-url.server';

export interface SendResult {
  outcome: 'succeeded' | 'failed' | 'timeout' | 'refused';
  statusCode: number | null;
  /** The first characters of the answer, for the console: never the whole body. */
  excerpt: string | null;
  error: string | null;
  durationMs: number;
}

/** What is read of an answer at most, and what of it is kept. */
const READ_LIMIT = 4096;
export const EXCERPT_LENGTH = 200;

/**
 * One POST of a signed delivery. No redirect is followed (a 3xx is a failure: the endpoint's
 * owner fixes the URL), the whole exchange has `timeoutMs`, and the answer is read up to a few
 * kilobytes, of which 200 characters are kept.
 */
export function postDelivery(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; production: boolean; signal?: AbortSignal },
): Promise<SendResult> {
  const started = Date.now();
  const url = new URL(target);
  const done = (result: Omit<SendResult, 'durationMs'>): SendResult => ({
    ...result,
    durationMs: Date.now() - started,
  });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address written as such skips the lookup: it is checked here instead.
  if (options.production && isIP(host) && isInwardAddress(host)) {
    return Promise.resolve(
      done({
        outcome: 'refused',
        statusCode: null,
        excerpt: null,
        error: `${host} is a private or local address: not sent`,
      }),
    );
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(result));
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        lookup: guardedLookup(options.production),
        signal: options.signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < READ_LIMIT) chunks.push(chunk);
          size += chunk.length;
          if (size >= READ_LIMIT) response.destroy();
        });
        const settle = () => {
          const status = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_LENGTH);
          finish({
            outcome: status >= 200 && status < 300 ? 'succeeded' : 'failed',
            statusCode: status,
            excerpt: text || null,
            error: status >= 200 && status < 300 ? null : `The endpoint answered ${status}.`,
          });
        };
        response.on('end', settle);
        response.on('close', settle);
        response.on('error', settle);
      },
    );
    const timer = setTimeout(() => {
      finish({
        outcome: 'timeout',
        statusCode: null,
        excerpt: null,
        error: `No answer within ${Math.round(options.timeoutMs / 1000)} s.`,
      });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      finish({
        outcome: error.code === 'EWEBHOOKBLOCKED' ? 'refused' : 'failed',
        statusCode: null,
        excerpt: null,
        error: error.message.slice(0, 300),
      });
    });
    request.end(body);
  });
}
