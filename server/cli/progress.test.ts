import { describe, expect, it } from 'vitest';
import { createProgress, formatBytes, type ProgressStream } from './progress';

/** A stream that keeps what is written and lets a test wait for the n-th write. */
function recordingStream(isTTY: boolean) {
  const writes: string[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const stream: ProgressStream = {
    isTTY,
    write(text: string) {
      writes.push(text);
      for (const wait of waiting.filter((w) => writes.length >= w.count)) wait.resolve();
      return true;
    },
  };
  const writesReach = (count: number) => new Promise<void>((resolve) => waiting.push({ count, resolve }));
  return { stream, writes, writesReach };
}

describe('command progress', () => {
  it('prints plain lines off a terminal, ticking while work lasts', async () => {
    const { stream, writes, writesReach } = recordingStream(false);
    const progress = createProgress('db:backup', stream, 5);
    progress.step('copying');
    // The work ends once two ticks were printed: no timing, only the condition.
    const result = await progress.during(
      writesReach(3).then(() => 'done'),
      () => 'copied 1 MB',
    );
    expect(result).toBe('done');
    expect(writes.slice(0, 3)).toEqual([
      'db:backup: copying\n',
      'db:backup: copied 1 MB\n',
      'db:backup: copied 1 MB\n',
    ]);
    expect(writes.join('')).not.toContain('\x1b');
  });

  it('on a terminal, ticks replace each other in place and are cleared after', async () => {
    const { stream, writes, writesReach } = recordingStream(true);
    const progress = createProgress('db:restore', stream, 5);
    await progress.during(writesReach(1), () => 'checking');
    expect(writes[0]).toBe('\r\x1b[Kdb:restore: checking');
    expect(writes.at(-1)).toBe('\r\x1b[K');
    progress.step('done');
    expect(writes.at(-1)).toBe('db:restore: done\n');
  });

  it('says nothing for work done within the interval', async () => {
    const { stream, writes } = recordingStream(false);
    await createProgress('db:seed', stream, 60_000).during(Promise.resolve(1), () => 'never');
    expect(writes).toEqual([]);
  });

  it('formats sizes in decimal units', () => {
    expect([999, 1_000, 48_200_000, 3_100_000_000].map(formatBytes)).toEqual([
      '999 B',
      '1.0 kB',
      '48.2 MB',
      '3.1 GB',
    ]);
  });
});
