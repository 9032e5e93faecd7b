import { Form, Link } from 'react-router';
import { secondaryButton } from '~/components/ui/button-styles';
import { formatDateTime } from '~/console/console';
import type { JobRow, JobView } from '../jobs-console.server';
import { ConsoleMessage } from '~/console/console-message';
import { ConsoleList } from '~/console/console-list';

const VIEW_LABELS: Record<JobView, string> = {
  queued: 'Queued',
  running: 'Running',
  failed: 'Failed',
  done: 'Done',
};

export function JobsPage({
  view,
  totals,
  jobs,
  page,
  pages,
}: {
  view: JobView;
  totals: Record<JobView, number>;
  jobs: JobRow[];
  page: number;
  pages: number;
}) {
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Jobs</h1>
      <p>
        Mails, campaigns and other work the store does in the background. A job that fails is tried again with
        longer waits; one that has run out of tries is listed under Failed and can be retried here.
      </p>
      <ConsoleMessage />
      <nav aria-label="Job states">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(VIEW_LABELS) as JobView[]).map((name) => (
            <li key={name}>
              <Link
                to={`/admin/jobs?view=${name}`}
                aria-current={name === view ? 'page' : undefined}
                className={`${secondaryButton} aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white`}
              >
                {VIEW_LABELS[name]} ({totals[name].toLocaleString('en-US')})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ConsoleList
        rows={jobs}
        rowKey={(job) => job.id}
        emptyMessage={`No ${VIEW_LABELS[view].toLowerCase()} jobs.`}
        announceEmpty={false}
        itemClassName="flex flex-wrap items-end justify-between gap-4 py-3"
        item={(job) => <JobEntry job={job} />}
        pager={{
          label: 'Pages of jobs',
          page,
          hasNext: page < pages,
          hrefFor: (to) => `/admin/jobs?view=${view}&page=${to}`,
        }}
      />
    </div>
  );
}

function JobEntry({ job }: { job: JobRow }) {
  return (
    <>
      <div className="min-w-0 space-y-1">
        <p className="font-bold break-all">{job.what}</p>
        <p className="text-sm">
          Queued {formatDateTime(job.createdAt)} · try {job.attempts} of {job.tries}
          {job.nextTryAt ? ` · next try ${formatDateTime(job.nextTryAt)}` : ''}
          {job.finishedAt ? ` · ended ${formatDateTime(job.finishedAt)}` : ''}
        </p>
        {job.error ? <p className="text-sm break-all text-danger">Last error: {job.error}</p> : null}
      </div>
      {job.state === 'failed' ? (
        <Form method="post">
          <input type="hidden" name="id" value={job.id} />
          <input type="hidden" name="queue" value={job.queue} />
          <button
            type="submit"
            name="intent"
            value="retry"
            className={secondaryButton}
            aria-label={`Retry: ${job.what}`}
          >
            Retry
          </button>
        </Form>
      ) : null}
    </>
  );
}
