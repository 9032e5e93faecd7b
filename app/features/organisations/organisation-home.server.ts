import { type AppLoadContext, data } from 'react-router';
import { canManage, type MemberRole, seesAllOrders } from '~/commerce/organisations/organisations';
import { answer, invalidFields, postedFields, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { requireUser } from '~/lib/session.server';
import { organisationInvitationMail } from './organisation-mail.server';
import {
  applicationSchema,
  invitationKeySchema,
  inviteSchema,
  leaveSchema,
  memberKeySchema,
  memberSchema,
  ordersPageSchema,
} from './organisation.schema';
import { leaveOrganisation, removeMember, updateMember } from './organisation-members.server';
import {
  applyForOrganisation,
  type Db,
  inviteMember,
  membershipOf,
  OrganisationError,
  revokeInvitation,
  withUsers,
} from './organisation-store.server';

/** /account/organisation: the application form, the wait for review, or the organisation's home. */
export const ORGANISATION_ORDERS_PAGE_SIZE = 50;

export async function organisationPageData(context: AppLoadContext, request: Request) {
  const user = await requireUser(context, request);
  const { db } = context.services.database;
  const own = await membershipOf(db, user.id);
  if (!own) return { state: 'apply' as const };
  const organisation = {
    id: own.id,
    name: own.name,
    kind: own.kind,
    address: [own.line1, own.line2, `${own.city}, ${own.state} ${own.zip}`].filter(Boolean).join(', '),
    phone: own.phone,
    npi: own.npi,
    taxId: own.tax_id,
    poRequired: Boolean(own.po_required),
    termsDays: own.terms_days,
    creditLimit: own.credit_limit,
    refusalReason: own.refusal_reason,
  };
  if (own.status !== 'approved') return { state: own.status, organisation };
  const role: MemberRole = own.role;
  return {
    state: 'approved' as const,
    organisation,
    role,
    userId: user.id,
    ...(await homeLists(db, own.id, user.id, role)),
    ...(await ordersPage(db, own.id, user.id, role, new URL(request.url).searchParams.get('page'))),
  };
}

async function homeLists(db: Db, organisationId: string, userId: string, role: MemberRole) {
  const members = await withUsers(db)
    .selectFrom('organisation_members as m')
    .innerJoin('user as u', 'u.id', 'm.user_id')
    .select([
      'm.user_id',
      'm.role',
      'm.order_limit',
      'm.monthly_limit',
      'u.email',
      'u.firstName',
      'u.lastName',
    ])
    .where('m.organisation_id', '=', organisationId)
    .orderBy('u.email')
    .execute();
  const invitations = canManage(role)
    ? await db
        .selectFrom('organisation_invitations')
        .select(['id', 'email', 'role', 'expires_at'])
        .where('organisation_id', '=', organisationId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', Date.now())
        .orderBy('created_at')
        .execute()
    : [];
  return {
    members: members.map((m) => ({
      userId: m.user_id,
      name: `${m.firstName} ${m.lastName}`.trim() || m.email,
      email: m.email,
      role: m.role,
      orderLimit: m.order_limit,
      monthlyLimit: m.monthly_limit,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      expiresAt: Number(i.expires_at),
    })),
  };
}

/**
 * One page of the orders the member may see, newest first (?page=2). A page number that is not
 * one shows the first page, and one past the end the last, each with a notice saying so.
 */
async function ordersPage(
  db: Db,
  organisationId: string,
  userId: string,
  role: MemberRole,
  pageParam: string | null,
) {
  const visible = () => {
    const orders = db.selectFrom('orders').where('organisation_id', '=', organisationId);
    // A buyer sees their own orders; admins and approvers see the organisation's.
    return seesAllOrders(role) ? orders : orders.where('user_id', '=', userId);
  };
  const counted = await visible()
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst();
  const totalPages = Math.max(1, Math.ceil(Number(counted?.total ?? 0) / ORGANISATION_ORDERS_PAGE_SIZE));
  const asked =
    pageParam === null ? { success: true as const, data: 1 } : ordersPageSchema.safeParse(pageParam);
  let page = asked.success ? asked.data : 1;
  let ordersNotice = asked.success ? null : `${asked.error.issues[0]?.message} Here is page 1.`;
  if (page > totalPages) {
    ordersNotice = `There ${totalPages === 1 ? 'is 1 page' : `are ${totalPages} pages`} of orders, not ${page}. Here is page ${totalPages}.`;
    page = totalPages;
  }
  const rows = await visible()
    .select(['reference', 'buyer_name', 'total', 'status', 'created_at', 'po_number'])
    .orderBy('created_at', 'desc')
    .orderBy('reference', 'desc')
    .limit(ORGANISATION_ORDERS_PAGE_SIZE)
    .offset((page - 1) * ORGANISATION_ORDERS_PAGE_SIZE)
    .execute();
  return {
    ordersPage: { page, totalPages, notice: ordersNotice },
    orders: rows.map((o) => ({
      reference: o.reference,
      buyerName: o.buyer_name ?? '',
      total: o.total,
      status: o.status,
      poNumber: o.po_number,
      createdAt: Number(o.created_at),
    })),
  };
}

function refused(intent: string, error: unknown, values?: Record<string, string>) {
  if (!(error instanceof OrganisationError)) throw error;
  const status = error.code === 'not_found' ? 404 : error.code === 'forbidden' ? 403 : 409;
  return answer<FormAnswer>({ intent, ok: false, message: error.message, values }, { status });
}

/** The page's forms: apply; leave, for any member; and, for its admins, invite, change, remove, revoke. */
export async function organisationAction(context: AppLoadContext, request: Request) {
  const user = await requireUser(context, request);
  const { services } = context;
  const { db } = services.database;
  const actor = { id: user.id, email: user.email };
  // Every form but the application and leaving is an admin's of an approved organisation, checked afresh.
  const admin = async () => {
    const own = await membershipOf(db, user.id);
    if (!own || own.status !== 'approved' || !canManage(own.role))
      throw data('Only an admin of an approved organisation can do this.', { status: 403 });
    return own;
  };
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async apply({ form }) {
        const values = postedFields(form);
        const parsed = applicationSchema.safeParse(values);
        if (!parsed.success)
          return invalidFields<FormAnswer>({ intent: 'apply', values }, parsed.error.issues);
        try {
          await applyForOrganisation(db, actor, parsed.data);
        } catch (error) {
          return refused('apply', error, values);
        }
        return answer<FormAnswer>({
          intent: 'apply',
          ok: true,
          message:
            'Thank you: your application is sent. We review it within 2 business days and mail you the outcome.',
        });
      },
      async invite({ form }) {
        const own = await admin();
        const values = postedFields(form);
        const parsed = inviteSchema.safeParse(values);
        if (!parsed.success)
          return invalidFields<FormAnswer>({ intent: 'invite', values }, parsed.error.issues);
        let sent;
        try {
          sent = await inviteMember(db, actor, own.id, parsed.data);
        } catch (error) {
          return refused('invite', error, values);
        }
        // Queued on the outbox: a mail server that is down delays the invitation, it does not lose it.
        await services.mail.send({
          kind: 'organisation invitation',
          to: parsed.data.email,
          ...organisationInvitationMail({
            organisation: own.name,
            role: parsed.data.role,
            invitedBy: `${user.firstName} ${user.lastName}`.trim() || user.email,
            link: new URL(`/organisation-invitation/${sent.token}`, services.env.APP_URL).toString(),
            expiresAt: sent.expiresAt,
          }),
        });
        return answer<FormAnswer>({
          intent: 'invite',
          ok: true,
          message: `Invitation sent to ${parsed.data.email}.`,
        });
      },
      async member({ form }) {
        const own = await admin();
        const values = postedFields(form);
        const parsed = memberSchema.safeParse(values);
        if (!parsed.success)
          return invalidFields<FormAnswer>(
            { intent: `member-${values.userId ?? ''}`, values },
            parsed.error.issues,
          );
        try {
          await updateMember(db, actor, own.id, parsed.data);
        } catch (error) {
          return refused(`member-${parsed.data.userId}`, error, values);
        }
        return answer<FormAnswer>({
          intent: `member-${parsed.data.userId}`,
          ok: true,
          message: 'Member saved.',
        });
      },
      async remove({ form }) {
        const own = await admin();
        const parsed = memberKeySchema.safeParse(postedFields(form));
        if (!parsed.success) throw data('Unknown member', { status: 400 });
        try {
          await removeMember(db, actor, own.id, parsed.data.userId);
        } catch (error) {
          return refused('remove', error);
        }
        return answer<FormAnswer>({
          intent: 'remove',
          ok: true,
          message: 'Member removed: their access ended now.',
        });
      },
      async leave({ form }) {
        const parsed = leaveSchema.safeParse(postedFields(form));
        if (!parsed.success)
          return answer<FormAnswer>(
            { intent: 'leave', ok: false, message: parsed.error.issues[0]?.message ?? 'Unknown form' },
            { status: 400 },
          );
        const own = await membershipOf(db, user.id);
        if (!own || own.id !== parsed.data.organisationId)
          return answer<FormAnswer>(
            { intent: 'leave', ok: false, message: 'You are not a member of this organisation any more.' },
            { status: 409 },
          );
        try {
          await leaveOrganisation(db, actor, own.id);
        } catch (error) {
          return refused('leave', error);
        }
        return answer<FormAnswer>({
          intent: 'leave',
          ok: true,
          message: `You have left ${own.name}: its orders and pages are closed to you from now on.`,
        });
      },
      async revoke({ form }) {
        const own = await admin();
        const parsed = invitationKeySchema.safeParse(postedFields(form));
        if (!parsed.success) throw data('Unknown invitation', { status: 400 });
        try {
          await revokeInvitation(db, actor, own.id, parsed.data.invitationId);
        } catch (error) {
          return refused('revoke', error);
        }
        return answer<FormAnswer>({
          intent: 'revoke',
          ok: true,
          message: 'Invitation withdrawn: its link no longer works.',
        });
      },
    },
  );
}
