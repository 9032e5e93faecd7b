import { statSync } from 'node:fs';

/**
 * Progress for operator commands (server/cli/command.ts hands one to each command's `run`).
 * Lines go to stderr, so stdout keeps only a command's result (a backup's path, for scripts).
 *
 *   progress.step('copying store.db: 12,345 pages (48.2 MB)');         // one line, now
 *   await progress.during(copy, () => `${formatBytes(sizeSoFar())} written`); // every ~1 s
 *
 * `during` says nothing for work done within its first second, so quick runs stay quiet. On a
 * terminal its lines replace each other in place; elsewhere (a log, a pipe, CI) each is a plain
 * line of its own, with no control codes.
 */
export interface Progress {
  /** Prints one line now: a step begun or done. */
  step(text: string): void;
  /** Waits for `work`, printing `describe(elapsedMs)` about every second while it lasts. */
  during<T>(work: Promise<T>, describe: (elapsedMs: number) => string): Promise<T>;
}

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export function createProgress(
  name: string,
  stream: ProgressStream = process.stderr,
  intervalMs = 1_000,
): Progress {
  const line = (text: string) => `${name}: ${text}`;
  // On a terminal, the last tick of `during` stays on screen until a line replaces it.
  let tickShown = false;
  const clearTick = () => {
    if (tickShown) stream.write('\r\x1b[K');
    tickShown = false;
  };
  return {
    step(text) {
      clearTick();
      stream.write(line(text) + '\n');
    },
    async during(work, describe) {
      const started = performance.now();
      const timer = setInterval(() => {
        const text = line(describe(performance.now() - started));
        if (stream.isTTY) {
          stream.write(`\r\x1b[K${text}`);
          tickShown = true;
        } else {
          stream.write(`${text}\n`);
        }
      }, intervalMs);
      try {
        return await work;
      } finally {
        clearInterval(timer);
        clearTick();
      }
    },
  };
}

/** A file's size now (0 while it does not exist yet): how far a copy being written has got. */
export function sizeNow(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** `48.2 MB`: sizes as operators read them (decimal units, as `ls -h --si` and disks do). */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1_000;
  let unit = 0;
  while (value >= 1_000 && unit < units.length - 1) {
    value /= 1_000;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** `3.4 s` or `120 ms`. */
export function formatDuration(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(1)} s`;
}
