import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { type MailContent, renderMail } from '#server/mail/layout';
import type { AppServices } from '#server/types';
import { formatPrice } from '~/commerce/money';
import { STORE } from '~/lib/store-info';

/**
 * The mails of an approval (docs/decisions/0056): the request to the organisation's approvers,
 * and the decision to the buyer. Queued on the outbox after the change has committed; a mail that
 * cannot be queued is logged and never undoes the change.
 */
type Db = Kysely<DatabaseSchema>;
type MailServices = Pick<AppServices, 'database' | 'env' | 'mail' | 'logger'>;

/** Better Auth's user table, for the approvers' addresses (migration 0011). */
interface UserColumns {
  user: { id: string; email: string };
}

export const APPROVALS_PATH = '/account/organisation/approvals';

export interface ApprovalMailOrder {
  reference: string;
  total: number;
  organisationName: string;
  buyerName: string;
  why: string;
}

async function approverEmails(db: Db, organisationId: string, buyerId: string): Promise<string[]> {
  const members = await db
    .selectFrom('organisation_members')
    .select('user_id')
    .where('organisation_id', '=', organisationId)
    .where('role', 'in', ['admin', 'approver'])
    // The buyer never approves their own cart, so is not asked to.
    .where('user_id', '!=', buyerId)
    .execute();
  if (members.length === 0) return [];
  const rows = await (db as unknown as Kysely<UserColumns>)
    .selectFrom('user')
    .select('email')
    .where(
      'id',
      'in',
      members.map((m) => m.user_id),
    )
    .execute();
  return rows.map((row) => row.email);
}

async function queue(services: MailServices, kind: string, to: string, content: MailContent) {
  try {
    await services.mail.send({ kind, to, ...content });
  } catch (error) {
    services.logger.error({ err: error, kind }, 'approval mail not queued');
  }
}

export async function queueApprovalRequest(
  services: MailServices,
  order: ApprovalMailOrder & { organisationId: string; buyerId: string },
): Promise<void> {
  const url = `${services.env.APP_URL}${APPROVALS_PATH}`;
  const to = await approverEmails(services.database.db, order.organisationId, order.buyerId);
  for (const address of to) {
    await queue(services, 'approval request', address, {
      subject: `${order.buyerName} asks you to approve order ${order.reference}`,
      ...renderMail(STORE, {
        title: 'An order waits for your approval',
        preheader: `${order.buyerName}'s order ${order.reference} for ${formatPrice(order.total)} is over their spending limit.`,
        paragraphs: [
          `${order.buyerName} placed order ${order.reference} for ${order.organisationName}, for ${formatPrice(order.total)}.`,
          `Why it needs approval: ${order.why}`,
          'Approve it, or send it back with a comment, on the approvals page.',
        ],
        action: { label: 'Review the order', url },
      }),
    });
  }
}

export async function queueApprovalDecision(
  services: MailServices,
  to: string,
  order: ApprovalMailOrder,
  decision: { approved: true; placedOnTerms?: string | null } | { approved: false; comment: string },
): Promise<void> {
  const orderUrl = `${services.env.APP_URL}/account/orders/${order.reference}`;
  const placed = decision.approved && decision.placedOnTerms !== undefined;
  const content = placed
    ? {
        subject: `Your order ${order.reference} is approved and placed`,
        ...renderMail(STORE, {
          title: 'Your order is approved and placed',
          preheader: `Order ${order.reference} for ${formatPrice(order.total)} is approved and placed on invoice terms.`,
          paragraphs: [
            `${order.organisationName} approved your order ${order.reference} for ${formatPrice(order.total)}.`,
            `It is placed on ${order.organisationName}'s invoice terms${decision.placedOnTerms ? `: invoice ${decision.placedOnTerms} is emailed to you separately` : ''}. Nothing more is needed from you; we email you when it ships.`,
          ],
          action: { label: 'View the order', url: orderUrl },
        }),
      }
    : decision.approved
      ? {
          subject: `Your order ${order.reference} is approved: you can pay for it now`,
          ...renderMail(STORE, {
            title: 'Your order is approved',
            preheader: `Order ${order.reference} for ${formatPrice(order.total)} is approved.`,
            paragraphs: [
              `${order.organisationName} approved your order ${order.reference} for ${formatPrice(order.total)}.`,
              'Pay for it from the order page within 7 days; after that it is cancelled. The amount is the one approved.',
            ],
            action: { label: 'Pay for your order', url: orderUrl },
          }),
        }
      : {
          subject: `Your order ${order.reference} was sent back`,
          ...renderMail(STORE, {
            title: 'Your order was not approved',
            preheader: `Order ${order.reference} was sent back by ${order.organisationName}'s approver.`,
            paragraphs: [
              `${order.organisationName}'s approver sent back your order ${order.reference} for ${formatPrice(order.total)}, and it is cancelled.`,
              `Their comment: ${decision.comment}`,
              'Your cart still holds the items: change it and check out again if you need to.',
            ],
            action: { label: 'View the order', url: orderUrl },
          }),
        };
  await queue(services, decision.approved ? 'approval granted' : 'approval sent back', to, content);
}
