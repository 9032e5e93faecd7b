import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/accounts';
import { prescriptionImage, prescriptionPdf } from '../support/prescription-files';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { inDays, organisation, PAGE, upload } from './tax-exemption-support';

/**
 * Tax exemption certificates (docs/decisions/0057), through the pages' forms as posted without
 * scripts: an organisation's admin uploads a certificate per state (checked by its bytes),
 * members see them, staff read the file (audited) and verify or refuse it (audited, mailed).
 */
describe.each(testEngines)('tax exemption certificates on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  // One organisation and one outsider for the file: each test takes its own state. (Sign-ups
  // are rate limited per client, and every account here signs up from the same address.)
  let org: Awaited<ReturnType<typeof organisation>>;
  let outsider: Awaited<ReturnType<typeof signedInClient>>;
  const db = () => t.server.services.database.db;
  const certificatesOf = (state: string) =>
    db()
      .selectFrom('tax_certificates')
      .selectAll()
      .where('organisation_id', '=', org.id)
      .where('state', '=', state)
      .orderBy('created_at')
      .execute();
  const auditOf = (id: string) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('target_id', '=', id)
      .orderBy('at')
      .execute();

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
    org = await organisation(t);
    outsider = await signedInClient(t.url, 'Otto');
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a file that is not a PDF or an image, and keeps nothing', async () => {
    const text = new TextEncoder().encode('state,number\nIL,123\n');
    const refused = await upload(
      t,
      org.admin.client,
      { state: 'IL' },
      { bytes: text, name: 'cert.pdf', type: 'application/pdf' },
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Choose a PDF, JPEG or PNG file of the certificate.');
    const noState = await upload(
      t,
      org.admin.client,
      { state: '' },
      { bytes: await prescriptionPdf(), name: 'c.pdf', type: 'application/pdf' },
    );
    expect(noState.status).toBe(400);
    expect(noState.text).toContain('Choose the state the certificate is for');
    const noFile = await upload(t, org.admin.client, { state: 'IL' });
    expect(noFile.status).toBe(400);
    expect(noFile.text).toContain('Choose the certificate file');
    expect(await certificatesOf('IL')).toEqual([]);
  });

  it('lets members see and only admins upload; anyone else sees nothing and uploads nothing', async () => {
    const pdf = {
      bytes: await prescriptionPdf('Certificate of exemption'),
      name: 'il.pdf',
      type: 'application/pdf',
    };
    expect((await upload(t, org.admin.client, { state: 'IL' }, pdf)).status).toBe(200);
    const [row] = await certificatesOf('IL');
    expect(row).toMatchObject({
      state: 'IL',
      status: 'pending',
      file_name: 'il.pdf',
      content_type: 'application/pdf',
    });

    const seen = await org.buyer.client.get(PAGE);
    expect(seen.status).toBe(200);
    expect(seen.text).toContain('Illinois');
    expect(seen.text).toContain('Waiting for review');
    expect(seen.text).not.toContain('Upload certificate');
    const byBuyer = await upload(t, org.buyer.client, { state: 'CA' }, pdf);
    expect(byBuyer.status).toBe(403);
    expect(byBuyer.text).toContain("Only the organisation's admins can upload certificates.");

    expect((await outsider.client.get(PAGE)).status).toBe(404);
    expect((await upload(t, outsider.client, { state: 'CA' }, pdf)).status).toBe(404);
    expect((await outsider.client.get(`/admin/tax-certificates/${row!.id}/file`)).status).not.toBe(200);
    expect((await certificatesOf('IL')).length).toBe(1);
  });

  it('staff read the file (audited), verify with a future expiry, and the admins are mailed', async () => {
    const png = { bytes: await prescriptionImage('png'), name: 'ny.png', type: 'image/png' };
    expect((await upload(t, org.admin.client, { state: 'NY' }, png)).status).toBe(200);
    const [row] = await certificatesOf('NY');
    const path = `/admin/tax-certificates/${row!.id}`;
    expect((await staff.client.get('/admin/tax-certificates')).text).toContain(path);

    const file = await fetch(`${t.url}${path}/file`, { headers: { cookie: staff.client.cookieHeader() } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(png.bytes));

    const past = await postForm(t, staff.client, path, {
      intent: 'verify',
      number: 'NY-1234',
      expiresOn: inDays(-1),
    });
    expect(past.status).toBe(400);
    expect(past.text).toContain('The expiry date must be in the future');
    const blank = await postForm(t, staff.client, path, {
      intent: 'verify',
      number: '',
      expiresOn: inDays(200),
    });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain('Enter the certificate number');
    expect((await certificatesOf('NY'))[0]).toMatchObject({ status: 'pending', number: null });

    const verified = await postForm(t, staff.client, path, {
      intent: 'verify',
      number: 'NY-1234',
      expiresOn: inDays(200),
    });
    expect(verified.status).toBe(200);
    expect((await certificatesOf('NY'))[0]).toMatchObject({
      status: 'verified',
      number: 'NY-1234',
      expires_on: inDays(200),
      verified_by: staff.email,
    });
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(org.admin.email) && m.subject.includes('is verified'),
    );
    expect(mail.subject).toBe('Your New York tax exemption certificate is verified');
    expect(mail.text).toContain('number NY-1234');
    expect(
      t.smtp.messages.some((m) => m.to.includes(org.buyer.email) && m.subject.includes('certificate')),
    ).toBe(false);
    expect(
      (await postForm(t, staff.client, path, { intent: 'verify', number: 'X1', expiresOn: inDays(9) }))
        .status,
    ).toBe(409);
    expect(await auditOf(row!.id)).toEqual([
      { action: 'tax_certificate.file_read', actor_email: staff.email },
      { action: 'tax_certificate.verify', actor_email: staff.email },
    ]);

    // A renewed upload waits while the verified one still exempts; verifying it replaces it.
    expect((await upload(t, org.admin.client, { state: 'NY' }, png)).status).toBe(200);
    const both = await certificatesOf('NY');
    expect(both.map((c) => c.status)).toEqual(['verified', 'pending']);
    const renewed = `/admin/tax-certificates/${both[1]!.id}`;
    expect(
      (
        await postForm(t, staff.client, renewed, {
          intent: 'verify',
          number: 'NY-5678',
          expiresOn: inDays(700),
        })
      ).status,
    ).toBe(200);
    expect((await certificatesOf('NY')).map((c) => [c.status, c.number])).toEqual([['verified', 'NY-5678']]);
  });

  it('staff refuse with a reason; the admins are mailed it; an outsider cannot use the console', async () => {
    const pdf = { bytes: await prescriptionPdf(), name: 'tx.pdf', type: 'application/pdf' };
    expect((await upload(t, org.admin.client, { state: 'TX' }, pdf)).status).toBe(200);
    const [row] = await certificatesOf('TX');
    const path = `/admin/tax-certificates/${row!.id}`;
    expect(
      (await postForm(t, outsider.client, path, { intent: 'refuse', reason: 'Not signed by anyone.' }))
        .status,
    ).not.toBe(200);
    expect((await postForm(t, staff.client, path, { intent: 'refuse', reason: 'no' })).status).toBe(400);
    const refused = await postForm(t, staff.client, path, {
      intent: 'refuse',
      reason: 'The certificate is not signed.',
    });
    expect(refused.status).toBe(200);
    expect((await certificatesOf('TX'))[0]).toMatchObject({
      status: 'refused',
      refusal_reason: 'The certificate is not signed.',
    });
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(org.admin.email) && m.subject.includes('was not accepted'),
    );
    expect(mail.text).toContain('The reason: The certificate is not signed.');
    expect((await org.buyer.client.get(PAGE)).text).toContain('Refused: The certificate is not signed.');
    expect((await auditOf(row!.id)).map((a) => a.action)).toEqual(['tax_certificate.refuse']);
  });
});
