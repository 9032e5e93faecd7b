import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { sqlitePathFromUrl } from '../../server/db/database';
import { writeBackup } from '../../server/backup/sqlite-backup';
import { signedInClient } from '../support/accounts';
import { addToCart } from '../support/cart';
import { cardPayment, pay, startCheckout } from '../support/checkout';
import { sendPrescription } from '../support/prescription-files';
import { postForm, staffClient } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

const cpap = PRODUCTS.find(
  (p) => p.prescriptionRequired && p.hcpcsCode && isPurchasable(p.stock) && p.onHand >= 10 && !p.freightOnly,
)!;
// Distinctive values: found nowhere else in the store, so a hit can only be this prescription.
const PRESCRIBER = 'Dr. Zephyrine Okonkwo-Ballard';
const PHONE = '(971) 555-0199';
const NPI = '1678901236';
const DIAGNOSIS = 'G47.37';
const SECRETS = [PRESCRIBER, 'Okonkwo', '555-0199', NPI, DIAGNOSIS];

/** Where `needle` occurs in the file's raw bytes, as UTF-8 (SQLite's text) and as UTF-16. */
function contains(bytes: Buffer, needle: string): boolean {
  return bytes.includes(Buffer.from(needle, 'utf8')) || bytes.includes(Buffer.from(needle, 'utf16le'));
}

/**
 * Issue 35's done-when: "a grep of the SQLite file, its WAL and a backup finds no diagnosis
 * code, NPI or prescriber name in the clear" (docs/decisions/0062, 0063). An order with such a
 * prescription goes through the real HTTP path (given, paid, reviewed, its statement read by
 * staff); then the raw bytes of the database file and its WAL before any checkpoint, a backup
 * made by the backup code, and the file again after a checkpoint are searched. The order's
 * reference, stored plain, is the control: each search does find plaintext.
 */
describe('health data in the SQLite files', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  it('finds no prescriber, NPI or diagnosis code in the database file, its WAL or a backup', async () => {
    const buyer = await signedInClient(t.url);
    expect((await addToCart(buyer.client, cpap.id, 1)).status).toBe(200);
    const { session } = await startCheckout(buyer.client, { items: [] });
    const sent = await sendPrescription(t.url, buyer.client.cookieHeader(), session.orderId, {
      kind: 'prescriber',
      prescriberName: PRESCRIBER,
      prescriberPhone: PHONE,
      prescriberNpi: NPI,
      diagnosisCodes: DIAGNOSIS,
      prescribedOn: '2026-01-15',
      lengthOfNeed: '99',
    });
    expect(sent.status).toBe(201);
    expect((await pay(buyer.client, session.orderId, cardPayment(undefined, buyer.email))).status).toBe(200);
    const staff = await staffClient(t, 'staff');
    const consolePage = `/admin/orders/${session.reference}`;
    expect((await postForm(t, staff.client, consolePage, { intent: 'approve-prescription' })).status).toBe(
      200,
    );
    // The health data was really there to leak: staff read it on the page and in the statement.
    expect((await staff.client.get(consolePage)).text).toContain(NPI);
    const statement = await fetch(`${t.url}${consolePage}/insurance-statement.pdf`, {
      headers: { cookie: staff.client.cookieHeader() },
    });
    expect(statement.status).toBe(200);
    await t.settled();

    const file = sqlitePathFromUrl(t.db.url);
    const wal = `${file}-wal`;
    expect(existsSync(wal)).toBe(true);
    const before = { database: readFileSync(file), wal: readFileSync(wal) };
    // The WAL holds the latest writes, the order's among them: plaintext is visible to this search.
    expect(contains(before.wal, session.reference)).toBe(true);
    for (const [name, bytes] of Object.entries(before)) {
      for (const secret of SECRETS) expect(contains(bytes, secret), `${secret} in the ${name}`).toBe(false);
    }

    const backup = await writeBackup(file, path.join(t.db.dir, 'backups'));
    const copy = readFileSync(backup.file);
    expect(contains(copy, session.reference)).toBe(true);
    for (const secret of SECRETS) expect(contains(copy, secret), `${secret} in the backup`).toBe(false);

    // Checkpointed: everything the WAL held is in the database file now.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(t.server.services.database.db);
    const after = readFileSync(file);
    expect(contains(after, session.reference)).toBe(true);
    for (const secret of SECRETS) expect(contains(after, secret), `${secret} in the file`).toBe(false);
  });
});
