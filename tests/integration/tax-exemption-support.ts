import { randomUUID } from 'node:crypto';
import { signedInClient } from '../support/accounts';
import type { TestClient } from '../support/http-client';
import { prescriptionPdf } from '../support/prescription-files';
import type { TestServer } from '../support/test-server';

export const PAGE = '/account/organisation/tax-exemption';

/** The account id of a signed-in client. */
export async function userIdOf(client: TestClient): Promise<string> {
  const session = await client.get('/api/auth/get-session');
  return (session.body as { user: { id: string } }).user.id;
}

type Db = TestServer['server']['services']['database']['db'];

/** An organisation row as migration 0106 keeps it (applying and approving are tested by their part). */
export async function insertOrganisation(
  db: Db,
  appliedBy: string,
  status: 'approved' | 'pending' = 'approved',
) {
  const id = randomUUID();
  const now = Date.now();
  await db
    .insertInto('organisations')
    .values({
      id,
      name: `Harbor Home Care ${id.slice(0, 4)}`,
      kind: 'home_care_agency',
      line1: '12 Lake Street',
      line2: null,
      city: 'Chicago',
      state: 'IL',
      zip: '60601',
      phone: null,
      npi: null,
      tax_id: null,
      status,
      refusal_reason: null,
      applied_by: appliedBy,
      decided_by: null,
      decided_at: null,
      terms_days: null,
      credit_limit: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A certificate verified by staff for Illinois, number IL-7788, expiring in 300 days. */
export async function insertCertificate(db: Db, organisationId: string, uploadedBy: string): Promise<string> {
  const id = randomUUID();
  const bytes = new Uint8Array(await prescriptionPdf('Illinois exemption certificate'));
  const now = Date.now();
  await db
    .insertInto('tax_certificates')
    .values({
      id,
      organisation_id: organisationId,
      state: 'IL',
      file_name: 'il.pdf',
      content_type: 'application/pdf',
      size: bytes.length,
      bytes,
      status: 'verified',
      number: 'IL-7788',
      expires_on: inDays(300),
      refusal_reason: null,
      uploaded_by: uploadedBy,
      verified_by: 'staff@example.com',
      decided_at: now,
      reminder_sent_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** An approved organisation with an admin and a buyer, both signed in. */
export async function organisation(t: TestServer) {
  const db = t.server.services.database.db;
  const admin = await signedInClient(t.url, 'Ada');
  const buyer = await signedInClient(t.url, 'Ben');
  const id = await insertOrganisation(db, await userIdOf(admin.client));
  const now = Date.now();
  for (const [member, role] of [
    [admin, 'admin'],
    [buyer, 'buyer'],
  ] as const) {
    await db
      .insertInto('organisation_members')
      .values({
        organisation_id: id,
        user_id: await userIdOf(member.client),
        role,
        order_limit: null,
        monthly_limit: null,
        added_at: now,
      })
      .execute();
  }
  return { id, admin, buyer };
}

/** The upload form as a browser without scripts posts it (multipart, its Origin, no redirects). */
export async function upload(
  t: TestServer,
  client: TestClient,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type: string },
) {
  const form = new FormData();
  form.set('intent', 'upload');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const response = await fetch(`${t.url}${PAGE}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { origin: t.url, cookie: client.cookieHeader() },
  });
  return { status: response.status, text: await response.text() };
}

/** A yyyy-mm-dd date `days` from today (UTC; the tests keep clear of the day's edges). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
