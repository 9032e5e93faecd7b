import { describe, expect, it } from 'vitest';
import { isTransientConflict, retryTransient } from './transient';

describe('retryTransient', () => {
  const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

  it('runs again after a deadlock or a serialization failure, and returns what the last run gave', async () => {
    const errors = [deadlock, Object.assign(new Error('could not serialize'), { code: '40001' })];
    let runs = 0;
    const result = await retryTransient(async () => {
      runs += 1;
      const error = errors.shift();
      if (error) throw error;
      return 'written';
    });
    expect(result).toBe('written');
    expect(runs).toBe(3);
  });

  it('passes any other error on at once', async () => {
    let runs = 0;
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      retryTransient(async () => {
        runs += 1;
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(runs).toBe(1);
  });

  it('gives up after its attempts with the last error', async () => {
    let runs = 0;
    await expect(
      retryTransient(async () => {
        runs += 1;
        throw deadlock;
      }, 3),
    ).rejects.toBe(deadlock);
    expect(runs).toBe(3);
  });

  it('knows the codes, and nothing else', () => {
    expect(isTransientConflict(deadlock)).toBe(true);
    expect(isTransientConflict(new Error('deadlock detected'))).toBe(false);
    expect(isTransientConflict(null)).toBe(false);
    expect(isTransientConflict({ code: 40001 })).toBe(false);
  });
});
