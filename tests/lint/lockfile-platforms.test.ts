import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm ci` installs exactly the lockfile: a platform's native binary (Tailwind's oxide, Rolldown,
// Lightning CSS, esbuild, sharp) that the lockfile lacks is missing on that platform, and npm ci
// does not fetch it (docs/decisions/0054). A lockfile rewritten where the registry lacked them
// drops them silently; this fails instead.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface LockEntry {
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
}
const lock = JSON.parse(readFileSync(`${ROOT}package-lock.json`, 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};

/** Where npm would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolve(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    const parent = base.lastIndexOf('node_modules/');
    if (parent < 0) return undefined;
    base = base.slice(0, parent).replace(/\/$/, '');
  }
}

describe('package-lock.json', () => {
  it('carries every optional dependency, for every platform', () => {
    const missing = Object.entries(lock.packages).flatMap(([at, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolve(at, name))
        .map((name) => `${at || '(root)'} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('has the native binaries of the supported platforms', () => {
    const platforms = new Set(
      Object.values(lock.packages).flatMap((entry) =>
        (entry.os ?? []).flatMap((os) => (entry.cpu ?? ['any']).map((cpu) => `${os}-${cpu}`)),
      ),
    );
    for (const platform of ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64', 'win32-x64']) {
      expect(platforms, platform).toContain(platform);
    }
  });
});
