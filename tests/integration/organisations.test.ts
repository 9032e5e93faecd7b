import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { account, APPLICATION } from './organisations-support';

/**
 * Applying for an organisation account and staff's review (docs/decisions/0055), through the
 * pages' forms as posted without scripts: the application and its refusals, the console's list,
 * approve and refuse with mails and audit rows, the buying terms for administrators only, and
 * who reaches the console pages at all.
 */
describe.each(testEngines)('organisation accounts on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const db = () => t.server.services.database.db;
  const orgOf = (userId: string) =>
    db().selectFrom('organisations').selectAll().where('applied_by', '=', userId).executeTakeFirstOrThrow();
  const audit = (id: string) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'organisation')
      .where('target_id', '=', id)
      .orderBy('at')
      .execute();

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false', TRUSTED_PROXIES: '127.0.0.1' });
    staff = await staffClient(t, 'staff');
  });
  afterAll(() => t.close());

  it('refuses a bad application with a message per field, and stores nothing', async () => {
    const applicant = await account(t, 'Bad');
    const bad = await postForm(t, applicant.client, '/account/organisation', {
      ...APPLICATION,
      name: '',
      npi: '1234567890',
      taxId: '123456789',
      zip: '1220',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Enter the legal name');
    expect(bad.text).toContain('This NPI is not valid: its check digit does not match.');
    expect(bad.text).toContain('Enter the EIN as NN-NNNNNNN');
    expect(bad.text).toContain('Enter a ZIP code of 5 digits');
    expect(
      await db().selectFrom('organisations').select('id').where('applied_by', '=', applicant.id).execute(),
    ).toEqual([]);
  });

  it('applies, waits for review, is approved with a mail, and gets buying terms from an administrator', async () => {
    const applicant = await account(t, 'Ada');
    expect((await applicant.client.get('/account')).text).toContain('Apply for an organisation account');
    const sent = await postForm(t, applicant.client, '/account/organisation', APPLICATION);
    expect(sent.status).toBe(200);
    const org = await orgOf(applicant.id);
    expect(org).toMatchObject({ status: 'pending', state: 'NY', npi: '1234567893', tax_id: '12-3456789' });
    const member = await db()
      .selectFrom('organisation_members')
      .selectAll()
      .where('user_id', '=', applicant.id)
      .executeTakeFirstOrThrow();
    expect(member.role).toBe('admin');
    expect((await applicant.client.get('/account/organisation')).text).toContain('is waiting for review');
    const again = await postForm(t, applicant.client, '/account/organisation', APPLICATION);
    expect(again.status).toBe(409);
    expect(again.text).toContain('Your account already belongs to an organisation');

    const list = await staff.client.get('/admin/organisations?status=pending');
    expect(list.status).toBe(200);
    expect(list.text).toContain(APPLICATION.name);
    const path = `/admin/organisations/${org.id}`;
    expect((await postForm(t, staff.client, path, { intent: 'approve' })).status).toBe(200);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(applicant.email) && m.subject.includes('is approved'),
    );
    expect(mail.text).toContain('/account/organisation');
    expect((await postForm(t, staff.client, path, { intent: 'approve' })).status).toBe(409);
    const home = await applicant.client.get('/account/organisation');
    expect(home.text).toContain('/account/organisation/approvals');
    expect(home.text).toContain('/quick-order');
    expect((await applicant.client.get('/account')).text).toContain('>Organisation<');

    // Buying terms: staff are refused, an administrator's change is audited old -> new.
    const terms = { intent: 'terms', poRequired: 'yes', terms: '30', creditLimit: '5,000.00' };
    expect((await postForm(t, staff.client, path, terms)).status).toBe(403);
    const admin = await staffClient(t, 'admin');
    const noLimit = await postForm(t, admin.client, path, { ...terms, creditLimit: '' });
    expect(noLimit.status).toBe(400);
    expect(noLimit.text).toContain('Pay by invoice needs a credit limit');
    expect((await postForm(t, admin.client, path, terms)).status).toBe(200);
    expect(await orgOf(applicant.id)).toMatchObject({ terms_days: 30, credit_limit: 500000 });
    const entries = await audit(org.id);
    expect(entries.map((e) => e.action)).toEqual([
      'organisation.apply',
      'organisation.approve',
      'organisation.terms',
    ]);
    expect(JSON.parse(entries[2]!.before ?? '{}')).toMatchObject({ terms_days: null, credit_limit: null });
    expect(JSON.parse(entries[2]!.after ?? '{}')).toMatchObject({
      terms_days: 30,
      credit_limit: 500000,
      po_required: 1,
    });
  });

  it('refuses with a reason the applicant is mailed and reads', async () => {
    const applicant = await account(t, 'Bo');
    await postForm(t, applicant.client, '/account/organisation', { ...APPLICATION, name: 'Bo Pharmacy' });
    const org = await orgOf(applicant.id);
    const path = `/admin/organisations/${org.id}`;
    const empty = await postForm(t, staff.client, path, { intent: 'refuse', reason: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Write why it is refused');
    expect(
      (await postForm(t, staff.client, path, { intent: 'refuse', reason: 'We could not verify the NPI.' }))
        .status,
    ).toBe(200);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(applicant.email) && m.subject.includes('Bo Pharmacy'),
    );
    expect(mail.text).toContain('We could not verify the NPI.');
    expect((await applicant.client.get('/account/organisation')).text).toContain(
      'We could not verify the NPI.',
    );
    expect((await audit(org.id)).map((e) => e.action)).toContain('organisation.refuse');
  });

  it('keeps the console pages to staff with two-factor', async () => {
    const customer = await account(t, 'Cy');
    expect((await customer.client.get('/admin/organisations')).status).toBe(404);
    const noTwoFactor = await staffClient(t, 'staff', { twoFactor: false });
    const setup = await postForm(t, noTwoFactor.client, '/admin/organisations/x', { intent: 'approve' });
    expect(setup.status).toBe(302);
    expect(setup.location).toContain('two-factor');
    const unchallenged = await staffClient(t, 'staff', { secondFactor: false });
    expect((await unchallenged.client.get('/admin/organisations')).status).toBe(302);
    expect((await staff.client.get('/admin/organisations/nope')).status).toBe(404);
  });
});
