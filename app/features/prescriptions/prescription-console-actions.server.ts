import type { AppLoadContext } from 'react-router';
import type { FormAnswer } from '~/lib/form-answer';
import { answer, invalidFields } from '~/lib/form-action.server';
import { catalogueStore } from '~/commerce/catalogue/catalogue-store.server';
import {
  mailShopper,
  type OrderConsoleArgs,
  type OrderConsoleHandlers,
} from '~/commerce/orders/order-console-handlers.server';
import { receiptLink } from '~/commerce/orders/receipt-download.server';
import { prescriptionApprovedMail, prescriptionRejectedMail } from './prescription-mail.server';
import { approvePrescription, rejectPrescription } from './prescription-review.server';
import { rejectionSchema } from '~/commerce/prescriptions/prescription.schema';
import { PrescriptionError } from '~/commerce/prescriptions/prescriptions.server';

function refused(intent: string, error: unknown) {
  if (!(error instanceof PrescriptionError)) throw error;
  const status = error.code === 'not_found' ? 404 : error.code === 'invalid' ? 400 : 409;
  return answer<FormAnswer>({ intent, ok: false, message: error.message }, { status });
}

const reviewDeps = (context: AppLoadContext) => ({
  db: context.services.database.db,
  gateway: context.services.payments,
});

/** The prescription review's forms on the console's order page. */
export const prescriptionConsoleHandlers: OrderConsoleHandlers = {
  async 'approve-prescription'({ context, staff, order }: OrderConsoleArgs) {
    const intent = 'approve-prescription';
    try {
      await approvePrescription(reviewDeps(context), staff, order.id);
    } catch (error) {
      return refused(intent, error);
    }
    const { env } = context.services;
    await mailShopper(context, order, 'prescription approved', (view, orderUrl) =>
      prescriptionApprovedMail(view, {
        orderUrl,
        receiptUrl: receiptLink(env.APP_URL, env.AUTH_SECRET, order),
      }),
    );
    return answer<FormAnswer>({
      intent,
      ok: true,
      message: 'Prescription approved and payment taken. The customer has been emailed.',
    });
  },
  async 'reject-prescription'({ context, staff, order, form }: OrderConsoleArgs) {
    const intent = 'reject-prescription';
    const parsed = rejectionSchema.safeParse({ reason: form.get('reason') ?? '' });
    if (!parsed.success) return invalidFields<FormAnswer>({ intent }, parsed.error.issues);
    let returned: string[];
    try {
      ({ returned } = await rejectPrescription(reviewDeps(context), staff, order.id, parsed.data.reason));
    } catch (error) {
      return refused(intent, error);
    }
    if (returned.length > 0) await catalogueStore(context.services).changed(returned);
    await mailShopper(context, order, 'prescription rejected', (view, orderUrl) =>
      prescriptionRejectedMail(view, parsed.data.reason, orderUrl),
    );
    return answer<FormAnswer>({
      intent,
      ok: true,
      message: 'Prescription rejected and the authorisation voided. The customer has been emailed.',
    });
  },
};
