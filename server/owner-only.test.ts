import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createOwnerOnlyFile, keptSecret } from './owner-only';

const run = promisify(execFile);

describe('keptSecret', () => {
  it('writes a new secret owner-only and keeps it afterwards, leaving nothing else behind', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'kept-')), 'data');
    const file = path.join(dir, 'secret');
    expect(keptSecret(file, () => 'first')).toBe('first');
    expect(keptSecret(file, () => 'second')).toBe('first');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).toEqual(['secret']);
  });

  it('reads a secret kept before, as it was written', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kept-'));
    writeFileSync(path.join(dir, 'secret'), 'given\n');
    expect(keptSecret(path.join(dir, 'secret'), () => 'new')).toBe('given');
  });

  it('gives processes starting together on one folder one secret, never an empty one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kept-'));
    const file = path.join(dir, 'data', 'secret');
    const startAt = Date.now() + 1_500;
    // Each process waits for the same moment, then asks: the first link wins, the rest read it.
    const script = `
      import { randomUUID } from 'node:crypto';
      import { keptSecret } from ${JSON.stringify(pathToFileURL(path.resolve('server/owner-only.ts')).href)};
      while (Date.now() < ${startAt});
      process.stdout.write(JSON.stringify(keptSecret(${JSON.stringify(file)}, () => randomUUID())));`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => run(process.execPath, ['--input-type=module', '-e', script])),
    );
    const secrets = answers.map(({ stdout }) => JSON.parse(stdout) as string);
    expect(secrets[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(secrets)).toEqual(new Set([secrets[0]]));
    expect(readFileSync(file, 'utf8').trim()).toBe(secrets[0]);
    expect(readdirSync(path.dirname(file))).toEqual(['secret']);
  });
});

describe('createOwnerOnlyFile', () => {
  it('makes an empty owner-only file once, and leaves one that exists as it is', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'owner-'));
    const file = path.join(dir, 'store.db');
    createOwnerOnlyFile(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe('');
    writeFileSync(file, 'data');
    createOwnerOnlyFile(file);
    expect(readFileSync(file, 'utf8')).toBe('data');
  });
});
