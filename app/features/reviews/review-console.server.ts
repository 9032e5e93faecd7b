import type { AppLoadContext } from 'react-router';
import { answer, invalidFields, runIntent } from '~/lib/form-action.server';
import { type FormAnswer, textFields } from '~/lib/form-answer';
import { catalogueStore } from '~/commerce/catalogue/catalogue-store.server';
import { pageParam } from '~/console/console';
import { requireStaff, type StaffUser } from '~/console/staff-access.server';
import { rejectSchema } from './review.schema';
import { type Decision, listReviews, ModerationError, moderateReview } from './review-moderation.server';
import type { ReviewStatus } from './reviews';

const STATUSES: readonly ReviewStatus[] = ['pending', 'published', 'rejected'];
const ID = /^[0-9a-f-]{36}$/;
const VERSION = /^\d{1,16}$/;

/** /admin/reviews: one status's reviews (pending unless asked), a page at a time. */
export async function reviewQueueData(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const asked = params.get('status') ?? '';
  const status = STATUSES.find((s) => s === asked) ?? 'pending';
  const page = pageParam(params.get('page'));
  const list = await listReviews(context.services.database.db, status, page);
  return { ...list, filter: { status, page } };
}

async function decide(
  context: AppLoadContext,
  staff: StaffUser,
  intent: 'publish' | 'reject',
  values: Record<string, string>,
  decision: Decision,
) {
  if (!ID.test(values.id ?? '') || !VERSION.test(values.version ?? '')) {
    return answer<FormAnswer>(
      { intent, ok: false, message: 'This review no longer exists.' },
      { status: 404 },
    );
  }
  const { db } = context.services.database;
  let done;
  try {
    done = await moderateReview(db, staff, values.id ?? '', Number(values.version), decision);
  } catch (error) {
    if (!(error instanceof ModerationError)) throw error;
    const status = error.code === 'not_found' ? 404 : 409;
    return answer<FormAnswer>({ intent, ok: false, message: error.message, values }, { status });
  }
  // Committed: the product's figures and pages change here and on every other instance.
  await catalogueStore(context.services).changed([done.productId]);
  const whose = `${done.firstName}’s review of ${done.productName}`;
  return answer<FormAnswer>({
    intent,
    ok: true,
    message:
      intent === 'publish'
        ? `Published: ${whose} is on the product page.`
        : `Rejected: ${whose} is not shown, and they can read why.`,
  });
}

/** Publish or reject one review of the list (each form posts its id and the version it showed). */
export async function reviewQueueAction(context: AppLoadContext, request: Request) {
  const staff = await requireStaff(context, request);
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      publish: ({ form }) =>
        decide(context, staff, 'publish', textFields(form, ['id', 'version']), { status: 'published' }),
      reject({ form }) {
        const values = textFields(form, ['id', 'version', 'reason']);
        const parsed = rejectSchema.safeParse({ reason: values.reason });
        if (!parsed.success)
          return invalidFields<FormAnswer>({ intent: 'reject', values }, parsed.error.issues);
        return decide(context, staff, 'reject', values, { status: 'rejected', reason: parsed.data.reason });
      },
    },
  );
}
