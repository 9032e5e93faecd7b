import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** tsx's loader by path: a command run from another folder finds it all the same. */
const TSX = import.meta.resolve('tsx');

export type OperatorCommand =
  | 'db:backup'
  | 'db:restore'
  | 'db:migrate'
  | 'db:seed'
  | 'db:status'
  | 'admin:create'
  | 'products:import'
  | 'health-data:key'
  | 'health-data:rotate'
  | 'refills:run'
  | 'sales:recount';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** How `npm run <command>` runs an operator command (package.json): node, tsx, scripts/operator.ts. */
export function operatorArgv(command: OperatorCommand, args: string[] = []): string[] {
  return ['--import', TSX, path.join(ROOT, 'scripts/operator.ts'), command, ...args];
}

/**
 * Runs an operator command as `npm run` does, or a script of scripts/, as its own process, in
 * ROOT unless `cwd` says otherwise (tsx is then told where the project's tsconfig is).
 */
export function runCommand(
  command: { operator: OperatorCommand } | { script: string } | { node: string[] },
  args: string[],
  env: Record<string, string>,
  { cwd = ROOT }: { cwd?: string } = {},
): Promise<CommandResult> {
  const [file, argv] =
    'operator' in command
      ? [process.execPath, operatorArgv(command.operator, args)]
      : 'node' in command
        ? [process.execPath, [...command.node, ...args]]
        : [path.join(ROOT, 'scripts', command.script), args];
  const child = spawn(file, argv, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.json'),
      ...env,
    },
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
