import { useEffect } from 'react';
import { Form, Link, useActionData, useRevalidator } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field, TextAreaField } from '~/components/ui/field';
import { ConsoleList } from '~/console/console-list';
import { ConsoleMessage } from '~/console/console-message';
import { formatDateTime } from '~/console/console';
import { answeredField, type FormAnswer } from '~/lib/form-answer';
import { CAMPAIGN_BODY_MAX, CAMPAIGN_SUBJECT_MAX } from '../../campaign.schema';
import type { Campaign, CampaignProgress } from '../../campaigns.server';

const STATUS_LABELS: Record<Campaign['status'], string> = {
  draft: 'Draft',
  sending: 'Sending',
  sent: 'Sent',
};

const BODY_HINT =
  'Markdown: a blank line between paragraphs, **bold**, *italic*, - for a list, [text](https://link) for a link. Images and HTML are left out.';

function CampaignFields({ intent, subject, body }: { intent: string; subject: string; body: string }) {
  const answer = useActionData<FormAnswer>();
  const mine = answer?.intent === intent && !answer.ok ? answer : undefined;
  return (
    <>
      <Field
        label="Subject"
        required
        maxLength={CAMPAIGN_SUBJECT_MAX}
        {...answeredField(mine, 'subject', subject)}
      />
      <TextAreaField
        label="Text"
        required
        rows={14}
        maxLength={CAMPAIGN_BODY_MAX}
        hint={BODY_HINT}
        {...answeredField(mine, 'body', body)}
      />
    </>
  );
}

export function CampaignsPage({ campaigns }: { campaigns: Campaign[] }) {
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">Campaigns</h1>
        <Link to="/admin/newsletter" className={secondaryButton}>
          Subscribers
        </Link>
      </div>
      <ConsoleMessage />
      <ConsoleList
        rows={campaigns}
        rowKey={(campaign) => campaign.id}
        emptyMessage="No campaign has been written yet."
        announceEmpty={false}
        itemClassName="flex flex-wrap items-baseline justify-between gap-2 py-3"
        item={(campaign) => (
          <>
            <Link to={`/admin/campaigns/${campaign.id}`} className="font-bold text-brand underline break-all">
              {campaign.subject}
            </Link>
            <span>
              {STATUS_LABELS[campaign.status]}
              {campaign.status === 'draft'
                ? `, written ${formatDateTime(campaign.created_at)}`
                : `, ${campaign.recipients.toLocaleString('en-US')} recipients`}
            </span>
          </>
        )}
      />
      <section aria-labelledby="new-campaign" className="max-w-3xl space-y-4">
        <h2 id="new-campaign" className="text-xl font-bold">
          Write a campaign
        </h2>
        <Form method="post" className="space-y-4">
          <CampaignFields intent="create" subject="" body="" />
          <button type="submit" name="intent" value="create" className={primaryButton}>
            Save draft
          </button>
        </Form>
      </section>
    </div>
  );
}

export interface CampaignView {
  campaign: Campaign;
  progress: CampaignProgress;
  preview: { html: string; text: string };
  confirmedSubscribers: number;
  isAdmin: boolean;
}

function Progress({ campaign, progress }: Pick<CampaignView, 'campaign' | 'progress'>) {
  const revalidator = useRevalidator();
  const sending = campaign.status === 'sending';
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, 2_000);
    return () => clearInterval(timer);
  }, [sending, revalidator]);
  const done = progress.sent + progress.failed + progress.skipped;
  return (
    <section aria-labelledby="progress-title" className="space-y-2">
      <h2 id="progress-title" className="text-xl font-bold">
        {sending ? 'Sending' : 'Sent'}
      </h2>
      <progress
        className="h-4 w-full max-w-xl"
        value={done}
        max={Math.max(progress.total, 1)}
        aria-label="Campaign progress"
      />
      <p>
        {done.toLocaleString('en-US')} of {progress.total.toLocaleString('en-US')} done:{' '}
        {progress.sent.toLocaleString('en-US')} sent, {progress.failed.toLocaleString('en-US')} refused by the
        mail server, {progress.skipped.toLocaleString('en-US')} unsubscribed before their turn.
      </p>
      {campaign.finished_at ? <p>Finished {formatDateTime(campaign.finished_at)}.</p> : null}
    </section>
  );
}

export function CampaignPage({ campaign, progress, preview, confirmedSubscribers, isAdmin }: CampaignView) {
  const draft = campaign.status === 'draft';
  return (
    <div className="space-y-8">
      <p>
        <Link to="/admin/campaigns" className="text-brand underline">
          All campaigns
        </Link>
      </p>
      <h1 className="text-3xl font-bold break-all">{campaign.subject}</h1>
      <ConsoleMessage />
      {draft ? null : <Progress campaign={campaign} progress={progress} />}
      {draft ? (
        <Form method="post" className="max-w-3xl space-y-4">
          <CampaignFields intent="save" subject={campaign.subject} body={campaign.body} />
          <button type="submit" name="intent" value="save" className={primaryButton}>
            Save draft
          </button>
        </Form>
      ) : null}
      <section aria-labelledby="preview-title" className="max-w-3xl space-y-3">
        <h2 id="preview-title" className="text-xl font-bold">
          Preview
        </h2>
        {/* Sanitised on the server (campaign-mail.server.ts): only text markup and links. */}
        <div
          className="campaign-preview space-y-4 rounded-md border border-border p-4"
          dangerouslySetInnerHTML={{ __html: preview.html }}
        />
        <details>
          <summary className="cursor-pointer font-bold">Plain-text version</summary>
          <pre className="mt-2 whitespace-pre-wrap">{preview.text}</pre>
        </details>
      </section>
      {draft ? (
        <section aria-labelledby="send-title" className="max-w-3xl space-y-3">
          <h2 id="send-title" className="text-xl font-bold">
            Send
          </h2>
          <Form method="post">
            <button type="submit" name="intent" value="test" className={secondaryButton}>
              Send a test to me
            </button>
          </Form>
          {isAdmin ? (
            <Form method="post" className="space-y-2">
              <p>
                The saved draft goes to {confirmedSubscribers.toLocaleString('en-US')} confirmed{' '}
                {confirmedSubscribers === 1 ? 'subscriber' : 'subscribers'}, once each. It cannot be recalled.
              </p>
              <button type="submit" name="intent" value="send" className={primaryButton}>
                Send to all subscribers
              </button>
            </Form>
          ) : (
            <p>An administrator sends the campaign to the subscribers.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
