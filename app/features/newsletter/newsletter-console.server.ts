import { type AppLoadContext, data, redirect } from 'react-router';
import { pageParam, searchText } from '~/console/console';
import { csvLine } from '~/lib/csv';
import { answer, invalidFields, runIntent } from '~/lib/form-action.server';
import { type FormAnswer, textFields } from '~/lib/form-answer';
import { requireAdmin, requireStaff } from '~/console/staff-access.server';
import { campaignHtml, campaignMail, campaignText } from './campaign-mail.server';
import { campaignSchema } from './campaign.schema';
import {
  CampaignError,
  campaignProgress,
  createCampaign,
  findCampaign,
  listCampaigns,
  startCampaign,
  updateCampaign,
} from './campaigns.server';
import { signedUnsubscribeToken } from './newsletter.server';
import {
  allSubscribers,
  confirmedSubscriberCount,
  listSubscribers,
  removeSubscriber,
  SUBSCRIBERS_PER_PAGE,
  type SubscriberStatus,
} from './subscribers.server';

export type CampaignAnswer = FormAnswer;

const ID = /^[0-9a-f-]{36}$/;

const STATUSES = new Set<string>(['waiting', 'confirmed', 'unsubscribed']);

function subscriberFilter(request: Request) {
  const params = new URL(request.url).searchParams;
  const status = params.get('status') ?? '';
  return {
    q: searchText(params.get('q')),
    status: (STATUSES.has(status) ? status : '') as SubscriberStatus | '',
    page: pageParam(params.get('page')),
  };
}

export async function subscribersPageData(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const filter = subscriberFilter(request);
  const list = await listSubscribers(context.services.database.db, filter);
  const pages = Math.max(1, Math.ceil(list.total / SUBSCRIBERS_PER_PAGE));
  return { ...list, filter: { q: filter.q, status: filter.status }, page: filter.page, pages };
}

/** The subscribers of the page's filter as CSV, streamed. */
export async function subscribersCsv(context: AppLoadContext, request: Request): Promise<Response> {
  await requireStaff(context, request);
  const { q, status } = subscriberFilter(request);
  const rows = allSubscribers(context.services.database.db, { q, status });
  const iso = (at: number | null) => (at === null ? '' : new Date(at).toISOString());
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(csvLine(['email', 'status', 'subscribed_at', 'confirmed_at', 'unsubscribed_at'])),
      );
    },
    async pull(controller) {
      const next = await rows.next();
      if (next.done) return controller.close();
      const lines = next.value.map((row) =>
        csvLine([
          row.email,
          row.status,
          iso(row.subscribedAt),
          iso(row.confirmedAt),
          iso(row.unsubscribedAt),
        ]),
      );
      controller.enqueue(encoder.encode(lines.join('')));
    },
  });
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="newsletter-subscribers.csv"',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}

export async function campaignsPageData(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  return { campaigns: await listCampaigns(context.services.database.db) };
}

export async function campaignPageData(context: AppLoadContext, request: Request, id: string) {
  const staff = await requireStaff(context, request);
  const { db } = context.services.database;
  const campaign = ID.test(id) ? await findCampaign(db, id) : undefined;
  if (!campaign) throw data(null, { status: 404 });
  const [progress, confirmedSubscribers] = await Promise.all([
    campaignProgress(db, id),
    confirmedSubscriberCount(db),
  ]);
  return {
    campaign,
    progress,
    preview: { html: campaignHtml(campaign.body, { forMail: false }), text: campaignText(campaign.body) },
    confirmedSubscribers,
    isAdmin: staff.role === 'admin',
  };
}

/** The subscribers page: remove one on request. */
export async function subscribersAction(context: AppLoadContext, request: Request) {
  const staff = await requireStaff(context, request);
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async remove({ form }) {
        const { id, email } = textFields(form, ['id', 'email']);
        if (!ID.test(id)) throw data('Reload the page and try again.', { status: 400 });
        const removed = await removeSubscriber(context.services.database.db, staff, id);
        return answer<FormAnswer>(
          removed
            ? {
                intent: 'remove',
                ok: true,
                message: `${email || 'The subscriber'} was removed from the list.`,
              }
            : { intent: 'remove', ok: false, message: 'This subscriber was already removed.' },
          { status: removed ? 200 : 409 },
        );
      },
    },
  );
}

/** A new campaign: saved as a draft, then edited, tested and sent on its own page. */
export async function newCampaignAction(context: AppLoadContext, request: Request) {
  const staff = await requireStaff(context, request);
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async create({ form }) {
        const values = textFields(form, ['subject', 'body']);
        const parsed = campaignSchema.safeParse(values);
        if (!parsed.success)
          return invalidFields<CampaignAnswer>({ intent: 'create', values }, parsed.error.issues);
        const id = await createCampaign(context.services.database.db, staff, parsed.data);
        return redirect(`/admin/campaigns/${id}`);
      },
    },
  );
}

/** One campaign's page: save the draft, send a test to yourself, send to every subscriber. */
export async function campaignAction(context: AppLoadContext, request: Request, id: string) {
  const staff = await requireStaff(context, request);
  if (!ID.test(id)) throw data(null, { status: 404 });
  const { services } = context;
  const refused = (intent: string, error: unknown) => {
    if (!(error instanceof CampaignError)) throw error;
    return answer<CampaignAnswer>({ intent, ok: false, message: error.message }, { status: 409 });
  };
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async save({ form }) {
        const values = textFields(form, ['subject', 'body']);
        const parsed = campaignSchema.safeParse(values);
        if (!parsed.success)
          return invalidFields<CampaignAnswer>({ intent: 'save', values }, parsed.error.issues);
        try {
          await updateCampaign(services.database.db, staff, id, parsed.data);
        } catch (error) {
          return refused('save', error);
        }
        return answer<CampaignAnswer>({ intent: 'save', ok: true, message: 'Draft saved.' });
      },
      async test() {
        const campaign = await findCampaign(services.database.db, id);
        if (!campaign) return refused('test', new CampaignError('This campaign no longer exists.'));
        // A test carries a working unsubscribe link only in form: it names no subscriber.
        const token = signedUnsubscribeToken(
          services.env.AUTH_SECRET,
          '00000000-0000-0000-0000-000000000000',
        );
        const mail = campaignMail(campaign, {
          unsubscribePage: `${services.env.APP_URL}/newsletter/unsubscribe?token=${token}`,
          oneClick: `${services.env.APP_URL}/api/newsletter/unsubscribe?token=${token}`,
        });
        await services.mail.send({
          kind: 'campaign test',
          to: staff.email,
          ...mail,
          subject: `[Test] ${mail.subject}`,
        });
        return answer<CampaignAnswer>({
          intent: 'test',
          ok: true,
          message: `A test was sent to ${staff.email}.`,
        });
      },
      async send() {
        // Mail to every subscriber is an administrator's decision.
        const admin = await requireAdmin(context, request);
        let recipients: number;
        try {
          recipients = await startCampaign(services, admin, id);
        } catch (error) {
          return refused('send', error);
        }
        return answer<CampaignAnswer>({
          intent: 'send',
          ok: true,
          message: `Sending to ${recipients.toLocaleString('en-US')} subscribers.`,
        });
      },
    },
  );
}
