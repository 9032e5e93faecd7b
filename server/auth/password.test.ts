import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './password';

describe('password hashing (node:crypto scrypt, limited)', () => {
  const hasher = createPasswordHasher({ concurrency: 1 });

  it('verifies a hash made by Better Auth, and Better Auth verifies ours', async () => {
    const password = 'Correct horse ﬁ battery'; // a ligature: NFKC matters
    const theirs = await hashPassword(password);
    expect(await hasher.verify({ hash: theirs, password })).toBe(true);
    expect(await hasher.verify({ hash: theirs, password: 'wrong password' })).toBe(false);
    const ours = await hasher.hash(password);
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: ours, password })).toBe(true);
    expect(await verifyPassword({ hash: ours, password: 'wrong password' })).toBe(false);
  });

  it('refuses a malformed hash', async () => {
    await expect(hasher.verify({ hash: 'no-colon', password: 'x' })).rejects.toThrow();
    expect(await hasher.verify({ hash: 'abcd:00ff', password: 'x' })).toBe(false);
  });

  it('runs at most `concurrency` hashes at once, queues a few, and refuses beyond', async () => {
    const limited = createPasswordHasher({ concurrency: 1, maxWaiting: 2 });
    const first = limited.hash('one');
    const queued = [limited.hash('two'), limited.hash('three')];
    expect(limited.load()).toEqual({ running: 1, waiting: 2 });
    await expect(limited.hash('four')).rejects.toMatchObject({ statusCode: 503 });
    await Promise.all([first, ...queued]);
    expect(limited.load()).toEqual({ running: 0, waiting: 0 });
  });
});
