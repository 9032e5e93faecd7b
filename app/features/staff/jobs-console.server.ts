import { type AppLoadContext, data } from 'react-router';
import type { JobState, JobSummary } from '#server/jobs/queue';
import { answer, runIntent } from '~/lib/form-action.server';
import { recordAudit } from '~/console/audit.server';
import { type FormAnswer, textFields } from '~/lib/form-answer';
import { pageParam } from '~/console/console';
import { requireStaff } from '~/console/staff-access.server';

/** The console's four views of the queue, in pg-boss's states. */
export const JOB_VIEWS = {
  queued: ['created', 'retry'],
  running: ['active'],
  failed: ['failed'],
  done: ['completed', 'cancelled'],
} as const satisfies Record<string, readonly JobState[]>;

export type JobView = keyof typeof JOB_VIEWS;

/** A job as staff see it: what it is, never its data (a mail's body holds sign-in links). */
export interface JobRow {
  id: string;
  queue: string;
  what: string;
  state: JobState;
  attempts: number;
  tries: number;
  createdAt: number;
  finishedAt: number | null;
  nextTryAt: number | null;
  error: string | null;
}

const JOBS_PER_PAGE = 50;

/**
 * What staff read of a job. A mail shows its kind and recipient, a text its kind and the end of
 * the number: never a subject or body, which carry sign-in codes and links (and a row from
 * before docs/decisions/0039 still holds them, so nothing else of the data is read).
 */
function describe(job: JobSummary): string {
  const data = (job.data ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  switch (job.queue) {
    case 'mail':
      return `Mail to ${text(data.to)} (${text(data.kind) || 'mail'})`;
    case 'sms':
      return `Text message to …${text(data.to).slice(-4)} (sign-in code)`;
    case 'contact.notify':
      return 'Staff notification of a contact message';
    case 'newsletter.campaign':
      return 'Sending a newsletter campaign';
    case 'catalog.image':
      return 'Resizing a product photo';
    case 'orders.abandoned-sweep':
      return 'Cancelling abandoned orders';
    case 'webhook.delivery':
      return 'Sending a webhook event (see Webhooks for its tries)';
    default:
      return job.queue;
  }
}

function toRow(job: JobSummary): JobRow {
  return {
    id: job.id,
    queue: job.queue,
    what: describe(job),
    state: job.state,
    attempts: job.attempts,
    tries: job.retryLimit + 1,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    nextTryAt: job.state === 'retry' ? job.startAfter : null,
    error: job.error,
  };
}

export async function jobsPageData(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const asked = params.get('view') ?? 'failed';
  const view: JobView = Object.hasOwn(JOB_VIEWS, asked) ? (asked as JobView) : 'failed';
  const page = pageParam(params.get('page'));
  const { jobs } = context.services;
  const [counts, list] = await Promise.all([
    jobs.counts(),
    jobs.list({ states: JOB_VIEWS[view], limit: JOBS_PER_PAGE, offset: (page - 1) * JOBS_PER_PAGE }),
  ]);
  const totals = Object.fromEntries(
    Object.entries(JOB_VIEWS).map(([name, states]) => [
      name,
      states.reduce((sum, state) => sum + counts[state], 0),
    ]),
  ) as Record<JobView, number>;
  return {
    view,
    totals,
    jobs: list.jobs.map(toRow),
    page,
    pages: Math.max(1, Math.ceil(list.total / JOBS_PER_PAGE)),
  };
}

/** Retry a failed job: it runs again from its first try. */
export async function jobsAction(context: AppLoadContext, request: Request) {
  const staff = await requireStaff(context, request);
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async retry({ form }) {
        const { id, queue } = textFields(form, ['id', 'queue']);
        if (!/^[0-9a-f-]{36}$/.test(id) || !/^[a-z][a-z0-9.-]{0,62}$/.test(queue)) {
          throw data('Reload the page and try again.', { status: 400 });
        }
        // The retry and its audit row commit together: a retried mail is sent again, in staff's name.
        const retried = await context.services.database.db.transaction().execute(async (trx) => {
          const done = await context.services.jobs.retry(queue, id, { trx });
          if (done) {
            await recordAudit(trx, staff, {
              action: 'job.retry',
              targetType: 'job',
              targetId: id,
              before: { queue, state: 'failed' },
              after: { queue, state: 'retry' },
            });
          }
          return done;
        });
        return answer<FormAnswer>(
          retried
            ? { intent: 'retry', ok: true, message: 'The job will run again in a moment.' }
            : { intent: 'retry', ok: false, message: 'This job is no longer failed: reload the page.' },
          { status: retried ? 200 : 409 },
        );
      },
    },
  );
}
