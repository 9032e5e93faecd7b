import { type AppLoadContext, data } from 'react-router';
import { z } from 'zod';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { addWeeks, movableRange } from '~/commerce/refills/refill-dates';
import { checkRefillLink } from '~/commerce/refills/refill-links.server';
import { isRefillLinkAction, type RefillLinkAction } from '~/commerce/refills/refill-paths';
import {
  cancelPlan,
  changeNextDate,
  RefillPlanChangeError,
  skipNextCycle,
} from '~/commerce/refills/refill-plan-changes.server';
import { answer, invalidFields, postedFields } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { storeDate } from '~/lib/store-time';

/**
 * The landing pages of the reminder mail's one-click links (docs/decisions/0065): skip this
 * delivery, change its date, cancel the plan. Opening a link (a GET, which mail scanners do
 * too) only shows what it would do; the one button posts it. No sign-in: the signed link is the
 * authority, for that cycle and that action only, while the cycle is still the plan's next.
 */
export type LinkPage =
  | {
      valid: true;
      action: RefillLinkAction;
      key: string;
      dueDate: string;
      /** The delivery after, if this one is skipped. */
      nextAfterSkip: string;
      lines: { name: string; quantity: number }[];
      card: string;
      range: { first: string; last: string };
    }
  | { valid: false; action: RefillLinkAction };

export interface LinkAnswer extends FormAnswer {
  done?: { action: RefillLinkAction; date?: string; next?: string };
}

export const STALE_LINK =
  'This link is no longer valid: the delivery it was for has been skipped, moved, sent or cancelled.';

function actionOf(value: string | undefined): RefillLinkAction {
  if (!value || !isRefillLinkAction(value)) throw data(null, { status: 404 });
  return value;
}

export async function refillLinkPage(
  context: AppLoadContext,
  params: { cycleId?: string; action?: string },
  request: Request,
): Promise<LinkPage> {
  const action = actionOf(params.action);
  const key = new URL(request.url).searchParams.get('key');
  const { database, env } = context.services;
  const link = await checkRefillLink(database.db, env.AUTH_SECRET, params.cycleId ?? '', action, key);
  if (!link.valid) return { valid: false, action };
  const catalogue = catalogueOf(context.services);
  const lines = await database.db
    .selectFrom('refill_plan_lines')
    .select(['product_id', 'quantity'])
    .where('plan_id', '=', link.plan.id)
    .orderBy('product_id')
    .execute();
  return {
    valid: true,
    action,
    key: key ?? '',
    dueDate: link.cycle.due_date,
    nextAfterSkip: addWeeks(link.cycle.due_date, link.plan.interval_weeks),
    lines: lines.map((line) => ({
      name: catalogue.getProduct(line.product_id)?.name ?? line.product_id,
      quantity: line.quantity,
    })),
    card: link.plan.card_last4
      ? `${link.plan.card_brand ?? 'Card'} ending in ${link.plan.card_last4}`
      : 'your saved card',
    range: movableRange(storeDate(Date.now())),
  };
}

const linkFormSchema = z.strictObject({
  key: z.string({ error: 'This link is not complete.' }).max(100, 'This link is not complete.'),
  date: z
    .string({ error: 'Enter the new date.' })
    .trim()
    .max(10, 'Enter the date as a day of the calendar.')
    .optional(),
});

export async function refillLinkAction(
  context: AppLoadContext,
  params: { cycleId?: string; action?: string },
  request: Request,
) {
  const action = actionOf(params.action);
  const form = await request.formData();
  const parsed = linkFormSchema.safeParse(postedFields(form));
  const intent = action;
  if (!parsed.success) return invalidFields<LinkAnswer>({ intent }, parsed.error.issues);
  const { database, env, payments, logger } = context.services;
  const db = database.db;
  const link = await checkRefillLink(db, env.AUTH_SECRET, params.cycleId ?? '', action, parsed.data.key);
  if (!link.valid) return answer<LinkAnswer>({ intent, ok: false, message: STALE_LINK }, { status: 409 });
  const change = { by: 'shopper' as const, cycleId: link.cycle.id };
  try {
    if (action === 'skip') {
      const skipped = await skipNextCycle(db, link.plan.id, change);
      return answer<LinkAnswer>({
        intent,
        ok: true,
        done: { action, date: skipped.skippedDate, next: skipped.nextDate },
      });
    }
    if (action === 'date') {
      const date = parsed.data.date ?? '';
      if (date === '')
        return invalidFields<LinkAnswer>({ intent, values: { date } }, [], { date: 'Enter the new date.' });
      const moved = await changeNextDate(db, link.plan.id, date, change);
      return answer<LinkAnswer>({ intent, ok: true, done: { action, date: moved.to } });
    }
    const cancelled = await cancelPlan(db, link.plan.id, {
      by: 'shopper',
      reason: 'Cancelled from the reminder mail.',
    });
    // The processor forgets the card: a cancelled plan charges nothing again.
    if (cancelled.card_token) {
      await payments.vault?.forgetCard(cancelled.card_token).catch((error: unknown) => {
        logger.error({ err: error, plan: cancelled.id }, 'saved card not forgotten at the processor');
      });
    }
    return answer<LinkAnswer>({ intent, ok: true, done: { action } });
  } catch (error) {
    if (!(error instanceof RefillPlanChangeError)) throw error;
    if (error.code === 'invalid' && action === 'date') {
      return invalidFields<LinkAnswer>({ intent, values: { date: parsed.data.date ?? '' } }, [], {
        date: error.message,
      });
    }
    return answer<LinkAnswer>({ intent, ok: false, message: STALE_LINK }, { status: 409 });
  }
}
