import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';

export interface ConsoleRowIds {
  userId: string;
  messageId: string;
  campaignId: string;
  endpointId: string;
  returnNumber: string;
  quoteReference: string;
  certificateId: string;
  organisationId: string;
  invoiceNumber: string;
}

/**
 * One row for each console page that opens a row (a campaign, a webhook endpoint, a return, a
 * quote, an invoice, the order's prescription), so that every such page answers in the console
 * access test. `ids` is filled in where the test names the rows.
 */
export async function insertConsoleRows(db: Kysely<DatabaseSchema>, ids: ConsoleRowIds, orderId: string) {
  ids.campaignId = '5b7d1c1e-3f0a-4c55-9d7e-2f1b6c1a9e01';
  await db
    .insertInto('campaigns')
    .values({
      id: ids.campaignId,
      subject: 'Winter news',
      body: 'Hello',
      status: 'draft',
      created_by: 'admin@example.com',
      created_at: Date.now(),
      updated_at: Date.now(),
      started_at: null,
      finished_at: null,
      recipients: 0,
    })
    .execute();
  // A webhook endpoint, so its deliveries page answers (admin only).
  ids.endpointId = '7e3c2a10-5b4d-4f6e-8a9b-0c1d2e3f4a5b';
  await db
    .insertInto('webhook_endpoints')
    .values({
      id: ids.endpointId,
      url: 'https://hooks.example.com/store',
      description: '',
      events: '["order.paid"]',
      secret: 'v1.sealed',
      enabled: 1,
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .execute();
  // A return of the order, so its console page answers.
  const item = await db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('returns')
    .values({
      id: '3d6b1f0a-2c4e-4a8b-9f1d-5e7c9a0b2d4f',
      number: ids.returnNumber,
      order_id: orderId,
      status: 'requested',
      reason: 'other',
      note: '',
      request_key: 'console-access-return-key',
      refusal_reason: null,
      refund_amount: null,
      refund_key: null,
      refund_shipping: null,
      requested_at: Date.now(),
      approved_at: null,
      refused_at: null,
      received_at: null,
      refunded_at: null,
      updated_at: Date.now(),
    })
    .execute();
  await db
    .insertInto('return_lines')
    .values({
      id: '4e7c2a1b-3d5f-4b9c-8a2e-6f8d0b1c3e5a',
      return_id: '3d6b1f0a-2c4e-4a8b-9f1d-5e7c9a0b2d4f',
      order_item_id: item.id,
      quantity: 1,
      outcome: null,
      refund_amount: null,
    })
    .execute();
  // A quote of the shopper's, so its console page answers.
  await db
    .insertInto('quotes')
    .values({
      id: '5f8d3b2c-4e6a-4c0d-9b3f-7a9e1c2d4f6b',
      reference: ids.quoteReference,
      user_id: ids.userId,
      organisation_id: null,
      status: 'requested',
      ship_name: 'Pat Shopper',
      ship_line1: '500 Pine Street',
      ship_line2: '',
      ship_city: 'Portland',
      ship_state: 'OR',
      ship_zip: '97204',
      ship_phone: '(503) 555-0142',
      expires_at: null,
      order_id: null,
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .execute();
  // An invoice of the organisation's, so its console page answers.
  await db
    .insertInto('invoices')
    .values({
      id: '6a9e4c3d-5f7b-4d1e-8c4a-8b0f2d3e5a7c',
      number: ids.invoiceNumber,
      organisation_id: ids.organisationId,
      order_id: orderId,
      amount: 1000,
      paid_amount: 0,
      status: 'open',
      terms_days: 30,
      issued_at: Date.now(),
      due_at: Date.now() + 30 * 86_400_000,
      paid_at: null,
      reminder_due_sent_at: null,
      reminder_overdue_sent_at: null,
    })
    .execute();
  // The order's prescription, so its console download answers (an order without one: 404).
  await db
    .insertInto('prescriptions')
    .values({
      id: '0c5f6f7e-8a1b-4c2d-9e3f-1a2b3c4d5e6f',
      order_id: orderId,
      kind: 'upload',
      file_name: 'rx.pdf',
      content_type: 'application/pdf',
      size: 9,
      bytes: new TextEncoder().encode('%PDF-1.7\n'),
      prescriber_name: null,
      prescriber_phone: null,
      status: 'approved',
      reason: null,
      reviewed_by: null,
      reviewed_at: null,
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .execute();
}
