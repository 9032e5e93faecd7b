import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  openClaim,
  openPrescriptionFile,
  openPrescriptionText,
  SEALED_PRESCRIPTION_COLUMNS,
  sealPrescription,
} from '../../app/commerce/prescriptions/prescription-sealing.server';
import { HealthDataKeyring, newHealthDataKey } from '../../app/lib/health-data/health-data-keys.server';
import { migrateToLatest } from '../../server/db/migrate';
import { seedOrders } from '../../scripts/bench/seed-orders';
import { operatorArgv, runCommand } from '../support/operator-commands';
import { createTestDatabase, testEngines } from '../support/test-database';

const ROWS = 1_200;
const OLD = newHealthDataKey('old1');
const NEW = newHealthDataKey('new2');

/**
 * `npm run health-data:rotate` (docs/decisions/0062) as an operator runs it: a real process on a
 * real database, killed (SIGKILL) after its first batches, then run again to the end. Every row
 * ends under the new key, plain rows written before sealing included, and reads back the same:
 * the file, the prescriber's details and the claim data (docs/decisions/0063).
 */
describe.each(testEngines)('health data rotation on %s', (engine) => {
  const database = createTestDatabase(engine);
  afterAll(async () => database.cleanup());

  it(
    're-seals every prescription under the first key, resuming after a kill',
    { timeout: 180_000 },
    async () => {
      const opened = database.open();
      const { db } = opened;
      await migrateToLatest(opened);
      await seedOrders(database.url, ROWS, `staff-${randomUUID()}@example.com`);
      const orderIds = (await db.selectFrom('orders').select('id').execute()).map((o) => o.id);
      const old = HealthDataKeyring.from(OLD);
      const now = Date.now();
      const rows = orderIds.map((orderId, i) => {
        const row = {
          id: randomUUID(),
          order_id: orderId,
          kind: i % 2 === 0 ? ('upload' as const) : ('prescriber' as const),
          file_name: i % 2 === 0 ? `rx-${i}.pdf` : null,
          content_type: i % 2 === 0 ? 'application/pdf' : null,
          size: i % 2 === 0 ? 12 : null,
          bytes: i % 2 === 0 ? new TextEncoder().encode(`%PDF-1.7 ${i}`) : null,
          prescriber_name: i % 2 === 0 ? null : `Dr. Rotation ${i}`,
          prescriber_phone: i % 2 === 0 ? null : '(503) 555-0100',
          // The claim data (docs/decisions/0063) on every row: re-sealed like the rest.
          prescriber_npi: '1234567893',
          diagnosis_codes: `G47.33,Z99.${i}`,
          prescribed_on: '2026-03-14',
          length_of_need: String((i % 99) + 1),
          status: 'submitted' as const,
          reason: null,
          reviewed_by: null,
          reviewed_at: null,
          created_at: now,
          updated_at: now,
        };
        // One row in ten is plain, as written before sealing began; the rest under the old key.
        return i % 10 === 0 ? row : sealPrescription(old, row);
      });
      for (let i = 0; i < rows.length; i += 200) {
        await db
          .insertInto('prescriptions')
          .values(rows.slice(i, i + 200))
          .execute();
      }
      await opened.close();
      const env = { DATABASE_URL: database.url, DATA_DIR: database.dir, HEALTH_DATA_KEY: `${NEW},${OLD}` };

      // Killed once two batches have been reported: what they committed stays.
      const child = spawn(process.execPath, operatorArgv('health-data:rotate', ['--batch', '100']), {
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let progress = '';
      await new Promise<void>((resolve) => {
        child.stderr.on('data', (chunk: Buffer) => {
          progress += chunk.toString();
          if ((progress.match(/prescriptions examined/g) ?? []).length >= 2) child.kill('SIGKILL');
        });
        child.on('close', () => resolve());
      });
      expect(progress).toMatch(/health-data:rotate: 100 of 1200 prescriptions examined, \d+ re-sealed/);

      const again = await runCommand({ operator: 'health-data:rotate' }, ['--batch', '100'], env);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('Done: 1200 prescriptions examined');
      // The two batches the killed run reported stayed committed: this run had at most 1,000 left.
      expect(Number(again.stdout.match(/examined, (\d+) re-sealed/)?.[1])).toBeLessThanOrEqual(ROWS - 200);

      const check = database.open();
      try {
        const stored = await check.db.selectFrom('prescriptions').selectAll().execute();
        expect(stored).toHaveLength(ROWS);
        const ring = HealthDataKeyring.from(`${NEW},${OLD}`);
        for (const row of stored) {
          for (const value of [row.bytes, ...SEALED_PRESCRIPTION_COLUMNS.map((column) => row[column])]) {
            if (value !== null) expect(HealthDataKeyring.keyIdOf(value)).toBe('new2');
          }
          const claim = openClaim(ring, row.id, row);
          expect(claim.prescriberNpi).toBe('1234567893');
          expect(claim.prescribedOn).toBe('2026-03-14');
          // The row's number, from its second diagnosis code: every column reads back as written.
          const i = Number(claim.diagnosisCodes[1]?.slice(4));
          expect(claim.diagnosisCodes).toEqual(['G47.33', `Z99.${i}`]);
          expect(claim.lengthOfNeed).toBe((i % 99) + 1);
          if (row.kind === 'upload') {
            expect(Buffer.from(openPrescriptionFile(ring, row.id, row.bytes!)).toString()).toBe(
              `%PDF-1.7 ${i}`,
            );
          } else {
            expect(openPrescriptionText(ring, row.id, 'prescriber_name', row.prescriber_name)).toBe(
              `Dr. Rotation ${i}`,
            );
          }
        }
        // Nothing left for a third run to do.
        const third = await runCommand({ operator: 'health-data:rotate' }, [], env);
        expect(third.stdout).toContain('Done: 1200 prescriptions examined, 0 re-sealed');
      } finally {
        await check.close();
      }
    },
  );
});
