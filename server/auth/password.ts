import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { APIError } from 'better-auth/api';

/**
 * Better Auth's own scrypt parameters and format (@better-auth/utils/password, the same in its
 * node:crypto and pure-JS versions): N 16384, r 16, p 1, 64-byte key, the password NFKC-normalised,
 * the salt the 32-character hex text of 16 random bytes, stored as `salt:key` in hex. Every
 * existing hash verifies, and Better Auth would verify ours (server/auth/password.test.ts).
 */
const N = 16384;
const R = 16;
const P = 1;
const KEY_LENGTH = 64;
const MAX_MEMORY = 128 * N * R * 2;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N, r: R, p: P, maxmem: MAX_MEMORY },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
  /** Hashes running and waiting, for tests and metrics. */
  load(): { running: number; waiting: number };
}

export interface PasswordHasherOptions {
  /** Hashes at once; default: cores available to this process - 1, at least 1. */
  concurrency?: number;
  /** Waiting hashes beyond which a sign-in is answered 503 at once rather than queued. */
  maxWaiting?: number;
}

/**
 * Password hashing off the event loop (scrypt runs on libuv's thread pool) and at most
 * `concurrency` at a time: each hash is ~50 ms of CPU and 32 MB, and left alone a burst of
 * sign-ins would take all four pool threads (file and DNS work waits behind them) and every
 * core (page rendering waits). The rest wait in a short queue; past it, 503 "try again".
 */
export function createPasswordHasher(options: PasswordHasherOptions = {}): PasswordHasher {
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism() - 1);
  const maxWaiting = options.maxWaiting ?? 64;
  let running = 0;
  const waiting: (() => void)[] = [];

  async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= maxWaiting) {
        throw new APIError('SERVICE_UNAVAILABLE', {
          message: 'Too many sign-ins at this moment. Please try again in a few seconds.',
        });
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running++;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }

  return {
    hash: (password) =>
      limited(async () => {
        const salt = randomBytes(16).toString('hex');
        return `${salt}:${(await derive(password, salt)).toString('hex')}`;
      }),
    verify: ({ hash, password }) =>
      limited(async () => {
        const [salt, key] = hash.split(':');
        if (!salt || !key) throw new Error('Invalid password hash');
        const expected = Buffer.from(key, 'hex');
        const actual = await derive(password, salt);
        return expected.length === actual.length && timingSafeEqual(expected, actual);
      }),
    load: () => ({ running, waiting: waiting.length }),
  };
}
