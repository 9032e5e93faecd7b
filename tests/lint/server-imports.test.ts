import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// server/ may take from app/ only the pure modules every layer shares (app/lib, app/commerce):
// the database schema reads the order state types from app/commerce (ADR 0041).
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('server/ imports from app/ only app/lib and app/commerce', () => {
  it('allows the order states and the lib', async () => {
    const code = [
      "import type { OrderStatus } from '../../app/commerce/order-states';",
      "import { PASSWORD_MIN_LENGTH } from '../../app/lib/password-rules';",
      "import { STATUS } from '~/commerce/order-states';",
      'export type S = OrderStatus;',
      'export const n = [PASSWORD_MIN_LENGTH, STATUS.paid];',
      '',
    ].join('\n');
    expect(await restricted('server/db/example.ts', code)).toEqual([]);
  });

  it('fails on components or routes of app/, by either path', async () => {
    const code = [
      "import { Button } from '../../app/components/ui/button';",
      "import routes from '~/routes';",
      'export const all = [Button, routes];',
      '',
    ].join('\n');
    expect(await restricted('server/db/example.ts', code)).toEqual([
      expect.stringContaining('only app/lib and app/commerce'),
      expect.stringContaining('only app/lib and app/commerce'),
    ]);
  });
});
