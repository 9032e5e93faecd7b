import { defineQueue } from '#server/jobs/queue';
import { offerEvery } from '#server/jobs/schedule';
import type { AppServices } from '#server/types';
import { type InvoiceMailKind, prepareInvoiceMail } from '~/commerce/invoices/invoice-mail.server';
import { DAY_MS, INVOICE_STATUS, OVERDUE_REMINDER_DAYS } from '~/commerce/invoices/invoices';

/**
 * Invoice reminders (docs/decisions/0058): a daily job, one at a time across every instance
 * (a singleton queue), mails the buyer and the organisation's admins when an unpaid invoice
 * falls due and again 7 days after. Each reminder's sent-at is set in the transaction that
 * queues its mails, guarded by its being unset, so a reminder goes once even when two runs meet.
 */
const REMINDER_QUEUE = defineQueue<Record<string, never>>('invoices.reminders', {
  retryLimit: 0,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 1,
  expireInSeconds: 600,
  singleton: true,
  keepFinishedSeconds: 7 * 24 * 60 * 60,
});

const DAILY_SECONDS = 24 * 60 * 60;
const BATCH = 200;

type ReminderServices = Pick<AppServices, 'database' | 'env' | 'mail' | 'logger'>;

const COLUMN = {
  due: 'reminder_due_sent_at',
  overdue: 'reminder_overdue_sent_at',
} as const satisfies Record<Exclude<InvoiceMailKind, 'issued'>, string>;

async function remind(services: ReminderServices, kind: 'due' | 'overdue', now: number): Promise<number> {
  const { db } = services.database;
  const column = COLUMN[kind];
  const dueBefore = kind === 'due' ? now : now - OVERDUE_REMINDER_DAYS * DAY_MS;
  let query = db
    .selectFrom('invoices')
    .selectAll()
    .where('status', '!=', INVOICE_STATUS.paid)
    .where('due_at', '<=', dueBefore)
    .where(column, 'is', null);
  // Found for the first time already a week late: the overdue reminder says it all.
  if (kind === 'due') query = query.where('due_at', '>', now - OVERDUE_REMINDER_DAYS * DAY_MS);
  const invoices = await query.orderBy('due_at').limit(BATCH).execute();
  let sent = 0;
  for (const invoice of invoices) {
    // Made outside the transaction: the PDF takes a moment, the transaction need not wait.
    const queueMails = await prepareInvoiceMail(services, invoice, kind);
    await db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('invoices')
        .set(kind === 'due' ? { reminder_due_sent_at: now } : { reminder_overdue_sent_at: now })
        .where('id', '=', invoice.id)
        .where(column, 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return;
      await queueMails(trx);
      sent++;
    });
  }
  return sent;
}

/** One run: the due reminders, then the overdue ones. Returns how many invoices were reminded. */
export async function sendInvoiceReminders(services: ReminderServices, now = Date.now()) {
  return { due: await remind(services, 'due', now), overdue: await remind(services, 'overdue', now) };
}

/** Each instance offers the run daily; the queue keeps one per day (a throttling key). Returns stop. */
export async function startInvoiceJobs(services: AppServices): Promise<() => Promise<void>> {
  const { jobs, logger } = services;
  await jobs.work(REMINDER_QUEUE, async () => {
    const sent = await sendInvoiceReminders(services);
    if (sent.due + sent.overdue > 0) logger.info(sent, 'invoice reminders queued');
  });
  const stop = offerEvery(jobs, REMINDER_QUEUE, DAILY_SECONDS, logger);
  return async () => stop();
}
