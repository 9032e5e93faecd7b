import { defineQueue } from '#server/jobs/queue';
import { offerEvery } from '#server/jobs/schedule';
import type { AppServices } from '#server/types';
import { adminEmails } from '~/commerce/organisations/tax-exemption.server';
import { addDays, REMINDER_DAYS, TAX_EXEMPTION_PATH } from '~/commerce/organisations/tax-exemption';
import { storeDate } from '~/lib/store-time';
import { certificateExpiringMail } from './certificate-mail.server';

/**
 * The daily expiry reminder (docs/decisions/0057), a singleton job as the abandoned-order sweep:
 * one run across every instance. An expired certificate needs no job (the quote checks the date).
 */
const REMINDER_QUEUE = defineQueue<Record<string, never>>('organisations.certificate-reminders', {
  retryLimit: 2,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 300,
  expireInSeconds: 300,
  singleton: true,
  keepFinishedSeconds: 7 * 24 * 60 * 60,
});

const DAY_SECONDS = 24 * 60 * 60;

type ReminderServices = Pick<AppServices, 'database' | 'mail' | 'env'>;

/**
 * Mails the admins of each organisation whose verified certificate expires within 30 days,
 * once: the reminder's mark and its mails are written in one transaction per certificate, so
 * a second run (or a second instance) finds it marked and sends nothing.
 */
export async function sendCertificateReminders(
  services: ReminderServices,
  now = Date.now(),
): Promise<number> {
  const { db } = services.database;
  const today = storeDate(now);
  const due = await db
    .selectFrom('tax_certificates as c')
    .innerJoin('organisations as o', 'o.id', 'c.organisation_id')
    .select(['c.id', 'c.organisation_id', 'o.name', 'c.state', 'c.number', 'c.expires_on'])
    .where('c.status', '=', 'verified')
    .where('c.reminder_sent_at', 'is', null)
    .where('c.expires_on', '>=', today)
    .where('c.expires_on', '<=', addDays(today, REMINDER_DAYS))
    .execute();
  let sent = 0;
  for (const row of due) {
    await db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('tax_certificates')
        .set({ reminder_sent_at: now })
        .where('id', '=', row.id)
        .where('reminder_sent_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return;
      const content = certificateExpiringMail({
        organisationName: row.name,
        state: row.state,
        number: row.number,
        expiresOn: row.expires_on,
        refusalReason: null,
        pageUrl: `${services.env.APP_URL}${TAX_EXEMPTION_PATH}`,
      });
      for (const to of await adminEmails(trx, row.organisation_id)) {
        await services.mail.send({ kind: 'certificate expiring', to, ...content }, { trx });
      }
      sent++;
    });
  }
  return sent;
}

/** Each instance offers the reminder run daily; the queue keeps one per day. Returns stop. */
export async function startCertificateJobs(services: AppServices): Promise<() => Promise<void>> {
  const { jobs, logger } = services;
  await jobs.work(REMINDER_QUEUE, async () => {
    const sent = await sendCertificateReminders(services);
    if (sent > 0) logger.info({ certificates: sent }, 'tax certificate expiry reminders queued');
  });
  const stop = offerEvery(jobs, REMINDER_QUEUE, DAY_SECONDS, logger);
  return async () => stop();
}
