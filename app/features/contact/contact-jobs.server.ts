import type { AppServices } from '#server/types';
import { contactNotifyQueue, notifyStaffOfMessage } from './contact.server';

/** The contact feature's job on this instance: each message's staff notification. */
export async function startContactJobs(services: AppServices): Promise<void> {
  await services.jobs.work(
    contactNotifyQueue(services.env),
    ({ messageId }) => notifyStaffOfMessage(services, messageId),
    {
      concurrency: 2,
    },
  );
}
