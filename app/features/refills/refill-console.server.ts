import { type AppLoadContext, data } from 'react-router';
import { z } from 'zod';
import {
  cancelPlan,
  pausePlan,
  RefillPlanChangeError,
  resumePlan,
} from '~/commerce/refills/refill-plan-changes.server';
import { forgetPlanCard, listRefillPlans, ownPlanRow } from '~/commerce/refills/refill-plans.server';
import { requireStaff } from '~/console/staff-access.server';
import { answer, invalidFields, runIntent } from '~/lib/form-action.server';
import { textFields } from '~/lib/form-answer';
import type { RefillAnswer } from './refill-account.server';

/**
 * A customer's refill plans in the console (docs/decisions/0064): staff who may manage orders
 * (every member of staff, as with orders) pause, resume or cancel a plan, always with a reason;
 * the change and its audit row are one transaction (refill-plan-changes.server.ts).
 */
export const REFILL_CONSOLE_INTENTS = ['refill-pause', 'refill-resume', 'refill-cancel'] as const;

const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

const reasonSchema = z
  .string()
  .trim()
  .min(3, 'Give the reason for this change (the customer may read it)')
  .max(500, 'Keep the reason to 500 characters');

export async function customerRefillPlans(context: AppLoadContext, request: Request, userId: string) {
  await requireStaff(context, request);
  if (!USER_ID.test(userId)) return [];
  return listRefillPlans(context.services.database.db, userId);
}

const STATUS = { not_found: 404, conflict: 409, invalid: 400 } as const;

export async function refillConsoleAction(context: AppLoadContext, request: Request, userId: string) {
  const staff = await requireStaff(context, request);
  if (!USER_ID.test(userId)) throw data(null, { status: 404 });
  const { db } = context.services.database;
  const actor = { id: staff.id, email: staff.email };

  const run =
    (
      intent: (typeof REFILL_CONSOLE_INTENTS)[number],
      act: (planId: string, reason: string) => Promise<string>,
    ) =>
    async ({ form }: { form: FormData }) => {
      const { planId, reason } = textFields(form, ['planId', 'reason']);
      // Only this customer's plan: another's, from a forged form, does not exist here.
      const plan = await ownPlanRow(db, userId, planId);
      if (!plan) throw data('This refill plan is not this customer’s.', { status: 404 });
      const parsed = reasonSchema.safeParse(reason);
      if (!parsed.success) {
        return invalidFields<RefillAnswer>(
          { intent, planId, values: { reason }, message: 'Nothing was changed: give the reason.' },
          parsed.error.issues.map((issue) => ({ ...issue, path: ['reason'] })),
        );
      }
      try {
        return answer<RefillAnswer>({ intent, ok: true, planId, message: await act(plan.id, parsed.data) });
      } catch (error) {
        if (!(error instanceof RefillPlanChangeError)) throw error;
        return answer<RefillAnswer>(
          { intent, ok: false, planId, message: error.message },
          { status: STATUS[error.code] },
        );
      }
    };

  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      'refill-pause': run('refill-pause', async (planId, reason) => {
        await pausePlan(db, planId, { by: 'staff', staff: actor, reason });
        return 'The refill plan is paused: nothing is sent or charged until it is resumed.';
      }),
      'refill-resume': run('refill-resume', async (planId, reason) => {
        await resumePlan(db, planId, { by: 'staff', staff: actor, reason });
        return 'The refill plan is active again.';
      }),
      'refill-cancel': run('refill-cancel', async (planId, reason) => {
        const cancelled = await cancelPlan(db, planId, { by: 'staff', staff: actor, reason });
        await forgetPlanCard(db, context.services.payments.vault, cancelled);
        return 'The refill plan is cancelled, and its saved card forgotten.';
      }),
    },
  );
}
