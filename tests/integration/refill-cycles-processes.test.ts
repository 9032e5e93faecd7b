import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../support/operator-commands';
import { TEST_OPERATIONS } from '../support/server-process';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  approvedCharges,
  createPlan,
  cyclesOf,
  ordersOfPlan,
  passOn,
  refillProduct,
} from './refill-cycles-support';

/**
 * The refill scheduler across processes (docs/decisions/0065), on both engines: a scheduler
 * killed (SIGKILL) in the middle of a cycle's charge, before the processor was asked or after
 * it answered, then a normal pass; and two scheduler processes (`npm run refills:run`) at once.
 * Every time: one approved charge per cycle at the processor, one paid order per cycle.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = import.meta.resolve('tsx');

describe.each(testEngines)('refill cycles across processes on %s', (engine) => {
  let t: TestServer;
  const db = () => t.server.services.database.db;
  const env = () => ({
    NODE_ENV: 'test',
    APP_URL: t.url,
    DATABASE_URL: t.db.url,
    DATA_DIR: t.db.dir,
    SMTP_URL: t.smtp.url,
    LOG_LEVEL: 'silent',
    ...TEST_OPERATIONS,
  });

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Runs a pass in its own process until it halts at the charge, then kills it. */
  async function killedAtCharge(date: string, halt: 'before' | 'after') {
    const child = spawn(
      process.execPath,
      ['--import', TSX, 'tests/support/refill-pass-process.ts', date, halt],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.json'), ...env() },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no halt in 60 s:\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('HALTED')) {
          clearTimeout(timer);
          resolve();
        }
        if (output.includes('NOT HALTED')) reject(new Error(`the pass charged nothing:\n${output}`));
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
    });
    child.kill('SIGKILL');
    await exited;
    return output;
  }

  for (const halt of ['before', 'after'] as const) {
    it(
      `a scheduler killed ${halt} the processor's answer: the next pass charges the cycle once`,
      { timeout: 120_000 },
      async () => {
        const date = halt === 'before' ? '2027-10-04' : '2027-10-05';
        const plan = await createPlan(t, {
          nextDate: date,
          lines: [{ productId: refillProduct(0).id, quantity: 1 }],
        });
        const output = await killedAtCharge(date, halt);
        expect(output).toContain(`HALTED ${halt} refill:${plan.cycleId}:1`);
        // Killed: the cycle is placed, its order unpaid; the processor charged only if it was asked.
        expect((await cyclesOf(db(), plan.planId))[0]).toMatchObject({ status: 'placed', attempts: 0 });
        expect((await ordersOfPlan(db(), plan.planId)).map((o) => o.status)).toEqual(['pending']);
        expect(await approvedCharges(db(), [plan.cycleId])).toHaveLength(halt === 'before' ? 0 : 1);
        // The next pass (the job's next run), then another: recorded once, charged once.
        await passOn(t.server.services, date);
        await passOn(t.server.services, date);
        const charges = await approvedCharges(db(), [plan.cycleId]);
        expect(charges).toHaveLength(1);
        const orders = await ordersOfPlan(db(), plan.planId);
        expect(orders).toMatchObject([{ status: 'paid', transaction_id: charges[0]!.transaction_id }]);
        expect((await cyclesOf(db(), plan.planId))[0]).toMatchObject({ status: 'charged', attempts: 1 });
        await t.settled();
        expect(
          t.smtp.messages.filter(
            (m) => m.to.includes(plan.email) && m.subject.includes(orders[0]!.reference),
          ),
        ).toHaveLength(1);
      },
    );
  }

  it(
    'two scheduler processes at once: one order and one charge per cycle',
    { timeout: 180_000 },
    async () => {
      const date = '2027-10-11';
      const plans = [];
      for (let i = 0; i < 3; i++) {
        plans.push(
          await createPlan(t, { nextDate: date, lines: [{ productId: refillProduct(i).id, quantity: 1 }] }),
        );
      }
      const runs = await Promise.all([
        runCommand({ operator: 'refills:run' }, ['--date', date], env()),
        runCommand({ operator: 'refills:run' }, ['--date', date], env()),
      ]);
      for (const run of runs) {
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toMatch(/^Refill pass as of 2027-10-11: /);
      }
      const placed = runs.map((run) => Number(/placed (\d+)/.exec(run.stdout)?.[1]));
      expect(placed[0]! + placed[1]!).toBe(3);
      for (const plan of plans) {
        expect(await approvedCharges(db(), [plan.cycleId])).toHaveLength(1);
        expect((await ordersOfPlan(db(), plan.planId)).map((o) => o.status)).toEqual(['paid']);
        expect((await cyclesOf(db(), plan.planId)).map((c) => c.status)).toEqual(['charged', 'scheduled']);
      }
    },
  );

  it('refuses --date unless the payment gateway is the test one', async () => {
    const run = await runCommand({ operator: 'refills:run' }, ['--date', '2027-10-11'], {
      ...env(),
      PAYMENT_PROVIDER: 'none',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--date is a test clock');
  });
});
