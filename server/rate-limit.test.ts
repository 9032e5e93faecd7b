import { afterEach, describe, expect, it } from 'vitest';
import { openMigratedTestDatabase, testEngines } from '../tests/support/test-database';
import { createRateLimiter } from './rate-limit';

describe.each(testEngines)('rate limiter on %s', (engine) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => cleanup?.());

  async function setup(now: () => number) {
    const testDb = await openMigratedTestDatabase(engine);
    cleanup = testDb.cleanup;
    return createRateLimiter(testDb.database.db, now);
  }

  it('allows up to the limit in a window, then refuses with the seconds to wait', async () => {
    let clock = 1_000_000;
    const limiter = await setup(() => clock);
    const rule = { limit: 3, windowMs: 60_000 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('contact:1.2.3.4', rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ remaining: 0, retryAfterSeconds: 60 });
    clock += 59_000;
    expect(await limiter.hit('contact:1.2.3.4', rule)).toMatchObject({
      allowed: false,
      retryAfterSeconds: 1,
    });
    clock += 1_000;
    expect(await limiter.hit('contact:1.2.3.4', rule)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('gives back a count on refund (a right guess), never below zero, in the same window', async () => {
    const limiter = await setup(() => 5_000);
    const rule = { limit: 2, windowMs: 10_000 };
    expect((await limiter.hit('guess', rule)).remaining).toBe(1);
    await limiter.refund('guess');
    await limiter.refund('guess');
    expect((await limiter.hit('guess', rule)).remaining).toBe(1);
    expect((await limiter.hit('guess', rule)).allowed).toBe(true);
    expect((await limiter.hit('guess', rule)).allowed).toBe(false);
    await limiter.refund('never-hit');
  });

  it('counts keys separately', async () => {
    const limiter = await setup(() => 5_000);
    const rule = { limit: 1, windowMs: 10_000 };
    expect((await limiter.hit('a', rule)).allowed).toBe(true);
    expect((await limiter.hit('b', rule)).allowed).toBe(true);
    expect((await limiter.hit('a', rule)).allowed).toBe(false);
    await limiter.reset('a');
    expect((await limiter.hit('a', rule)).allowed).toBe(true);
  });

  it('never loses a hit under concurrency', async () => {
    const limiter = await setup(() => 7_000);
    const rule = { limit: 10, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.hit('burst', rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });
});
