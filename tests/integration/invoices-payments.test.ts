import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../app/commerce/invoices/invoices';
import { sendInvoiceReminders } from '../../app/features/invoices/invoice-reminders.server';
import { dashboardFigures } from '../../app/features/orders/order-stats.server';
import { salesReport, storeDay } from '../../app/features/staff/reports.server';
import type { TestClient } from '../support/http-client';
import { jobsSettled } from '../support/jobs';
import { pdfText } from '../support/pdf-text';
import { postForm, staffClient, type TestStaff } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { memberOf, organisationWith, placeOnTerms, productFor } from './invoices-support';

/**
 * After an order is placed on terms (docs/decisions/0058): the members' invoices page and PDF
 * (a buyer sees their own, another organisation nothing), staff recording a part then a full
 * payment in the console (audited, never more than remains), and the reminders, once each.
 */
describe.each(testEngines)('invoices after the order on %s', (engine) => {
  let t: TestServer;
  let staff: TestStaff;
  const db = () => t.server.services.database.db;
  const download = (path: string, client: TestClient) =>
    fetch(`${t.url}${path}`, { headers: { cookie: client.cookieHeader() }, redirect: 'manual' });
  const invoiceOf = (orderId: string) =>
    db().selectFrom('invoices').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
    staff = await staffClient(t, 'staff');
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows members their invoices and PDFs, a buyer only their own', async () => {
    const organisationId = await organisationWith(t, { termsDays: 60, creditLimit: 1_000_000 });
    const admin = await memberOf(t, organisationId, 'admin', 'Ada');
    const buyer = await memberOf(t, organisationId, 'buyer', 'Ben');
    const other = await memberOf(t, organisationId, 'buyer', 'Cy');
    const outsider = await memberOf(t, await organisationWith(t, {}), 'admin', 'Oz');
    const placed = await placeOnTerms(buyer.client, buyer.email, productFor(10_000, 3), {
      poNumber: 'PO-55',
    });
    expect(placed.paid.status).toBe(200);
    const invoice = await invoiceOf(placed.session.orderId);
    const pdfPath = `/account/organisation/invoices/${invoice.number}.pdf`;

    const page = await admin.client.get('/account/organisation/invoices');
    expect(page.status).toBe(200);
    for (const text of [
      invoice.number,
      placed.session.reference,
      'PO-55',
      'Ben Tester',
      'Open balance',
      'Net 60',
    ])
      expect(page.text).toContain(text);
    expect((await buyer.client.get('/account/organisation/invoices')).text).toContain(invoice.number);
    expect((await other.client.get('/account/organisation/invoices')).text).not.toContain(invoice.number);

    const pdf = await download(pdfPath, buyer.client);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect((await download(pdfPath, admin.client)).status).toBe(200);
    expect((await download(pdfPath, other.client)).status).toBe(404);
    expect((await download(pdfPath, outsider.client)).status).toBe(404);
    // Not a member at all: the page is not there.
    expect((await staff.client.get('/account/organisation/invoices')).status).toBe(404);
  });

  it('records a part then a full payment: balance 0, status paid, audited', async () => {
    const organisationId = await organisationWith(t, { termsDays: 30, creditLimit: 1_000_000 });
    const buyer = await memberOf(t, organisationId, 'admin', 'Gus');
    const placed = await placeOnTerms(buyer.client, buyer.email, productFor(10_000, 4));
    expect(placed.paid.status).toBe(200);
    const invoice = await invoiceOf(placed.session.orderId);
    const path = `/admin/invoices/${invoice.number}`;
    expect((await staff.client.get('/admin/invoices?filter=open')).text).toContain(invoice.number);

    const dollars = (cents: number) => (cents / 100).toFixed(2);
    const tooMuch = await postForm(t, staff.client, path, {
      intent: 'pay',
      amount: dollars(invoice.amount + 1),
      method: 'ach',
      reference: '',
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.text).toContain('that is what remains to pay');
    const bad = await postForm(t, staff.client, path, {
      intent: 'pay',
      amount: 'ten',
      method: 'ach',
      reference: '',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Enter the amount received, for example 250.00');

    // Sales count an order on terms when its invoice is paid in full, not when it is placed.
    const today = storeDay(Date.now());
    const sales = async () => {
      const report = await salesReport(db(), { fromDay: today, toDay: today }, 'day');
      const dashboard = await dashboardFigures(db());
      return { report: report.rows, today: dashboard.periods[0] };
    };
    const unpaid = await sales();
    const part = 5_000;
    const first = await postForm(t, staff.client, path, {
      intent: 'pay',
      amount: dollars(part),
      method: 'check',
      reference: 'CHK 1042',
    });
    expect(first.status).toBe(200);
    expect(await invoiceOf(placed.session.orderId)).toMatchObject({ paid_amount: part, status: 'part_paid' });
    expect(await sales()).toEqual(unpaid);
    const rest = await postForm(t, staff.client, path, {
      intent: 'pay',
      amount: dollars(invoice.amount - part),
      method: 'ach',
      reference: 'ACH-77',
    });
    expect(rest.status).toBe(200);
    expect(rest.text).toContain(`invoice ${invoice.number} is paid`);
    expect(await invoiceOf(placed.session.orderId)).toMatchObject({
      paid_amount: invoice.amount,
      status: 'paid',
    });
    const settled = await sales();
    expect(settled).not.toEqual(unpaid);
    expect(settled.today).toMatchObject({
      orders: (unpaid.today?.orders ?? 0) + 1,
      revenue: (unpaid.today?.revenue ?? 0) + invoice.amount,
    });
    const order = await db()
      .selectFrom('orders')
      .select(['status', 'paid_at'])
      .where('id', '=', placed.session.orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('invoiced');
    expect(order.paid_at).not.toBeNull();
    const again = await postForm(t, staff.client, path, {
      intent: 'pay',
      amount: '1.00',
      method: 'ach',
      reference: '',
    });
    expect(again.status).toBe(409);

    const page = await staff.client.get(path);
    expect(page.text).toContain('This invoice is paid.');
    expect(page.text).toMatch(/Organisation(&#x27;|')s open balance<\/dt><dd>\$0\.00/);
    expect((await staff.client.get('/admin/invoices?filter=paid')).text).toContain(invoice.number);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('target_type', '=', 'invoice')
      .where('target_id', '=', invoice.number)
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit.every((a) => a.action === 'invoice.payment')).toBe(true);
  });

  it('reminds at the due date and 7 days after, once each', async () => {
    const organisationId = await organisationWith(t, { termsDays: 15, creditLimit: null });
    const buyer = await memberOf(t, organisationId, 'buyer', 'Hal');
    const placed = await placeOnTerms(buyer.client, buyer.email, productFor(10_000, 5));
    expect(placed.paid.status).toBe(200);
    const invoice = await invoiceOf(placed.session.orderId);
    await jobsSettled(t.server.services);
    const reminders = (word: string) =>
      t.smtp.messages.filter(
        (m) => m.to.includes(buyer.email) && m.subject === `MediSupply invoice ${invoice.number} is ${word}`,
      );

    // Not due yet: nothing.
    await sendInvoiceReminders(t.server.services);
    await db()
      .updateTable('invoices')
      .set({ due_at: Date.now() - 60_000 })
      .where('id', '=', invoice.id)
      .execute();
    await Promise.all([sendInvoiceReminders(t.server.services), sendInvoiceReminders(t.server.services)]);
    await sendInvoiceReminders(t.server.services);
    await jobsSettled(t.server.services);
    expect(reminders('due today')).toHaveLength(1);
    expect(reminders('overdue')).toHaveLength(0);
    const dueMail = reminders('due today')[0]!;
    expect(dueMail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);

    await db()
      .updateTable('invoices')
      .set({ due_at: Date.now() - 7 * DAY_MS - 60_000 })
      .where('id', '=', invoice.id)
      .execute();
    await sendInvoiceReminders(t.server.services);
    await sendInvoiceReminders(t.server.services);
    await jobsSettled(t.server.services);
    expect(reminders('due today')).toHaveLength(1);
    expect(reminders('overdue')).toHaveLength(1);
    expect(reminders('overdue')[0]!.text).toContain('was due on');
    const row = await invoiceOf(placed.session.orderId);
    expect(row.reminder_due_sent_at).not.toBeNull();
    expect(row.reminder_overdue_sent_at).not.toBeNull();
  });
});
