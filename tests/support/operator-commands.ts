import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a compiled operator command (build/node/<name>.js, as `npm run db:backup` and
 * `npm run db:restore` do after building) or a script of scripts/, as its own process.
 */
export function runCommand(
  command: { node: 'backup' | 'restore' | 'migrate' | 'seed' } | { script: string },
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const [file, argv] =
    'node' in command
      ? [process.execPath, [`build/node/${command.node}.js`, ...args]]
      : [path.join(ROOT, 'scripts', command.script), args];
  const child = spawn(file, argv, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
