import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// House rule: no source file over 350 lines, so each file stays about one thing (issue 32).
// Tracked files only (git ls-files), so build output and local scratch files never count.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAX_LINES = 350;
const SOURCE_DIRS = ['app', 'server', 'scripts', 'eslint', 'bench', 'tests'];
const SOURCE_FILE = /\.(ts|tsx|js|mjs)$/;

// Data, not logic: the table definitions read best as one file, and the catalogue seed is a list
// of products (wherever the catalogue folder lives, hence any catalog*/data/ folder).
const EXEMPT = [/^server\/db\/schema\.ts$/, /(^|\/)catalog[^/]*\/data\//];

function trackedSourceFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', ...SOURCE_DIRS], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\0').filter((file) => SOURCE_FILE.test(file) && !EXEMPT.some((rule) => rule.test(file)));
}

/** Lines as `wc -l` counts them, so the message matches what a developer sees in a terminal. */
function lineCount(file: string): number {
  return readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1;
}

describe('source file size', () => {
  it('finds the tracked source files', () => {
    expect(trackedSourceFiles()).toContain('server/app.ts');
  });

  it('exempts only the schema and the catalogue seed data', () => {
    const files = trackedSourceFiles();
    expect(files).not.toContain('server/db/schema.ts');
    expect(files.some((file) => /catalog[^/]*\/data\//.test(file))).toBe(false);
  });

  it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
    const tooLong = trackedSourceFiles()
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
