import { type AppLoadContext, data } from 'react-router';
import { tooManyAttempts } from '#server/rate-limit';
import { CARD_FIELDS, savedCardSchema } from '~/commerce/checkout/card.schema';
import { movableRange } from '~/commerce/refills/refill-dates';
import {
  cancelPlan,
  changeNextDate,
  pausePlan,
  RefillPlanChangeError,
  resumePlan,
  skipNextCycle,
} from '~/commerce/refills/refill-plan-changes.server';
import { REFILL_TEXT } from '~/commerce/refills/refill-plans';
import {
  forgetPlanCard,
  listRefillPlans,
  ownPlanRow,
  RefillPlanError,
  replacePlanCard,
} from '~/commerce/refills/refill-plans.server';
import { answer, type FormArgs, invalidFields, runIntent } from '~/lib/form-action.server';
import { type FormAnswer, textFields } from '~/lib/form-answer';
import { requireUser } from '~/lib/session.server';
import { storeDate } from '~/lib/store-time';
import { formatDay } from '~/commerce/refills/refill-dates';
import { CARD_NOT_SAVED, cardOf } from './refill-card.server';
import { CARD_SAVE_LIMIT } from './subscribe.server';

/**
 * /account/refills (docs/decisions/0064): the shopper's plans, and what they may do to one:
 * skip the next delivery, move it, pause, resume, cancel (confirmed), give another card. The
 * state rules are refill-plan-changes.server.ts's; here: whose plan it is, the forms, the answers.
 */
export interface RefillAnswer extends FormAnswer {
  /** The plan the answer is about: its message is shown beside it. */
  planId?: string;
}

export async function refillPlansPageData(context: AppLoadContext, request: Request) {
  const user = await requireUser(context, request);
  const { db } = context.services.database;
  const plans = await listRefillPlans(db, user.id);
  const createdId = new URL(request.url).searchParams.get('created');
  const created = plans.find((plan) => plan.id === createdId);
  return {
    plans,
    moveRange: movableRange(storeDate(Date.now())),
    created: created
      ? `${REFILL_TEXT.created} The first delivery is on ${formatDay(created.nextDate)}.`
      : null,
  };
}

type Args = FormArgs<AppLoadContext>;

function planIdOf(form: FormData): string {
  const value = form.get('planId');
  return typeof value === 'string' ? value : '';
}

/** The user's own plan, or the not-found answer (another user's plans do not exist for them). */
async function ownPlan({ context, request, form }: Args) {
  const user = await requireUser(context, request);
  const plan = await ownPlanRow(context.services.database.db, user.id, planIdOf(form));
  if (!plan) throw data(REFILL_TEXT.notFound, { status: 404 });
  return { user, plan };
}

const STATUS = { not_found: 404, conflict: 409, invalid: 400 } as const;

/** Runs one change; a refusal by the plan's rules is answered beside the plan. */
async function change(intent: string, planId: string, run: () => Promise<string>, field?: string) {
  try {
    return answer<RefillAnswer>({ intent, ok: true, planId, message: await run() });
  } catch (error) {
    if (!(error instanceof RefillPlanChangeError)) throw error;
    const fields = field && error.code === 'invalid' ? { [field]: error.message } : undefined;
    return answer<RefillAnswer>(
      { intent, ok: false, planId, message: error.message, fields },
      { status: STATUS[error.code] },
    );
  }
}

/** The delivery the page showed (skip, move): when the plan has moved on since, nothing changes. */
const cycleOf = (form: FormData) => {
  const value = form.get('cycleId');
  return typeof value === 'string' && value !== '' ? { cycleId: value } : {};
};

const reasonOf = (form: FormData) => {
  const value = form.get('reason');
  return typeof value === 'string' ? value.slice(0, 500) : undefined;
};

export const refillAccountIntents = {
  async skip(args: Args) {
    const { plan } = await ownPlan(args);
    return change('skip', plan.id, async () => {
      const skipped = await skipNextCycle(args.context.services.database.db, plan.id, {
        by: 'shopper',
        ...cycleOf(args.form),
      });
      return `The delivery of ${formatDay(skipped.skippedDate)} is skipped. The next one is on ${formatDay(skipped.nextDate)}.`;
    });
  },
  async move(args: Args) {
    const { plan } = await ownPlan(args);
    const date = textFields(args.form, ['nextDate']).nextDate.trim();
    return change(
      'move',
      plan.id,
      async () => {
        const moved = await changeNextDate(args.context.services.database.db, plan.id, date, {
          by: 'shopper',
          ...cycleOf(args.form),
        });
        return `The next delivery is now on ${formatDay(moved.to)}.`;
      },
      'nextDate',
    );
  },
  async pause(args: Args) {
    const { plan } = await ownPlan(args);
    return change('pause', plan.id, async () => {
      await pausePlan(args.context.services.database.db, plan.id, {
        by: 'shopper',
        reason: reasonOf(args.form),
      });
      return 'The plan is paused: nothing is sent or charged until you resume it.';
    });
  },
  async resume(args: Args) {
    const { plan } = await ownPlan(args);
    return change('resume', plan.id, async () => {
      const resumed = await resumePlan(args.context.services.database.db, plan.id, { by: 'shopper' });
      return `The plan is active again. The next delivery is on ${formatDay(resumed.next_date)}.`;
    });
  },
  async cancel(args: Args) {
    const { plan } = await ownPlan(args);
    const { services } = args.context;
    return change('cancel', plan.id, async () => {
      const cancelled = await cancelPlan(services.database.db, plan.id, {
        by: 'shopper',
        reason: reasonOf(args.form),
      });
      await forgetPlanCard(services.database.db, services.payments.vault, cancelled);
      return 'The plan is cancelled: nothing more is sent or charged, and the card is no longer kept.';
    });
  },
  async card(args: Args) {
    const { user, plan } = await ownPlan(args);
    const intent = 'card';
    const parsed = savedCardSchema.safeParse(textFields(args.form, CARD_FIELDS));
    if (!parsed.success) {
      return invalidFields<RefillAnswer>(
        { intent, planId: plan.id, message: CARD_NOT_SAVED },
        parsed.error.issues,
      );
    }
    const { services, clientIp } = args.context;
    const limit = await services.rateLimiter.hit(`card-save:ip:${clientIp}`, CARD_SAVE_LIMIT);
    if (!limit.allowed) {
      return answer<RefillAnswer>(
        { intent, ok: false, planId: plan.id, message: tooManyAttempts(limit.retryAfterSeconds) },
        { status: 429, headers: new Headers({ 'Retry-After': String(limit.retryAfterSeconds) }) },
      );
    }
    try {
      const deps = { db: services.database.db, vault: services.payments.vault };
      if (!(await replacePlanCard(deps, user, plan.id, cardOf(parsed.data)))) {
        return answer<RefillAnswer>(
          { intent, ok: false, planId: plan.id, message: 'This plan is cancelled: its card cannot change.' },
          { status: 409 },
        );
      }
    } catch (error) {
      if (!(error instanceof RefillPlanError)) throw error;
      const fields = error.field ? { [error.field]: error.message } : undefined;
      return answer<RefillAnswer>(
        { intent, ok: false, planId: plan.id, message: error.field ? CARD_NOT_SAVED : error.message, fields },
        { status: error.status },
      );
    }
    return answer<RefillAnswer>({
      intent,
      ok: true,
      planId: plan.id,
      message: 'The new card is saved for this plan, and the old one is no longer kept.',
    });
  },
};

export async function refillAccountAction(context: AppLoadContext, request: Request) {
  // Fresh, as the page itself: a guest is sent to sign in before any form is read.
  await requireUser(context, request);
  return runIntent<AppLoadContext, unknown>({ context, request }, refillAccountIntents);
}
