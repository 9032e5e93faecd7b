import { type AppLoadContext, data } from 'react-router';
import { answer, invalidFields, postedFields, runIntent } from '~/lib/form-action.server';
import { requireUser } from '~/lib/session.server';
import type { PlaceOnTerms } from '~/commerce/invoices/invoices';
import { queueApprovalDecision } from '~/commerce/organisations/approval-mail.server';
import { buyingContext } from '~/commerce/organisations/organisations.server';
import { canApprove } from '~/commerce/organisations/organisations';
import { type ApprovalAnswer, approveSchema, sendBackSchema } from './approvals.schema';
import {
  ApprovalError,
  approvalsFor,
  approveOrder,
  type DecidedApproval,
  sendBackOrder,
} from './approvals.server';

/** /account/organisation/approvals (docs/decisions/0056): members of an approved organisation only. */
async function memberOf(context: AppLoadContext, request: Request) {
  const user = await requireUser(context, request);
  const { db } = context.services.database;
  const buying = await buyingContext(db, user.id);
  // Not a member of an approved organisation: there is no such page for this account.
  if (!buying) throw data(null, { status: 404 });
  return { user, db, buying };
}

export async function approvalsPageData(context: AppLoadContext, request: Request) {
  const { db, buying } = await memberOf(context, request);
  const { waiting, mine } = await approvalsFor(db, buying);
  return {
    organisationName: buying.organisation.name,
    approver: canApprove(buying.member.role),
    waiting,
    mine,
  };
}

const refused = (intent: ApprovalAnswer['intent'], reference: string, error: unknown) => {
  if (!(error instanceof ApprovalError)) throw error;
  return answer<ApprovalAnswer>(
    { intent, reference, ok: false, message: error.message },
    { status: error.code === 'not_found' ? 404 : 409 },
  );
};

/** Approve or send back; the buyer is mailed once the decision has committed. */
export async function approvalsAction(context: AppLoadContext, request: Request, placeOnTerms: PlaceOnTerms) {
  const { user, db, buying } = await memberOf(context, request);
  const { services } = context;
  const actor = { id: user.id, email: user.email };
  const mail = (row: DecidedApproval, decision: Parameters<typeof queueApprovalDecision>[3]) =>
    row.email
      ? queueApprovalDecision(
          services,
          row.email,
          {
            reference: row.reference,
            total: Number(row.total),
            organisationName: buying.organisation.name,
            buyerName: row.buyer_name ?? '',
            why: row.why,
          },
          decision,
        )
      : Promise.resolve();
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async approve({ form }) {
        const parsed = approveSchema.safeParse(postedFields(form));
        if (!parsed.success) return invalidFields<ApprovalAnswer>({ intent: 'approve' }, parsed.error.issues);
        const { reference } = parsed.data;
        let row: DecidedApproval;
        try {
          row = await approveOrder(db, actor, buying, reference);
        } catch (error) {
          return refused('approve', reference, error);
        }
        const buyer = row.buyer_name ?? 'The buyer';
        // Placed after the approval has committed: a refused placement leaves the order approved,
        // and its buyer can place it from the order page once the organisation's terms allow.
        const terms = await placeOnTerms(row.order_id);
        if (terms?.placed) {
          await mail(row, { approved: true, placedOnTerms: terms.invoiceNumber });
          const invoice = terms.invoiceNumber ? ` (invoice ${terms.invoiceNumber})` : '';
          return answer<ApprovalAnswer>({
            intent: 'approve',
            reference,
            ok: true,
            message: `Order ${reference} approved and placed on ${buying.organisation.name}'s invoice terms${invoice}. ${buyer} is emailed the invoice.`,
          });
        }
        await mail(row, { approved: true });
        const notPlaced = terms ? ` It could not be placed on invoice terms: ${terms.message}` : '';
        return answer<ApprovalAnswer>({
          intent: 'approve',
          reference,
          ok: true,
          message: `Order ${reference} approved.${notPlaced} ${buyer} is emailed a link to ${terms ? 'place' : 'pay for'} it.`,
        });
      },
      async sendBack({ form }) {
        const values = postedFields(form);
        const parsed = sendBackSchema.safeParse(values);
        if (!parsed.success) {
          return invalidFields<ApprovalAnswer>(
            { intent: 'sendBack', reference: values.reference, values },
            parsed.error.issues,
          );
        }
        const { reference, comment } = parsed.data;
        let row: DecidedApproval;
        try {
          row = await sendBackOrder(db, actor, buying, reference, comment);
        } catch (error) {
          return refused('sendBack', reference, error);
        }
        await mail(row, { approved: false, comment });
        return answer<ApprovalAnswer>({
          intent: 'sendBack',
          reference,
          ok: true,
          message: `Order ${reference} sent back and cancelled. ${row.buyer_name ?? 'The buyer'} is emailed your comment.`,
        });
      },
    },
  );
}
