import { type AppLoadContext, data } from 'react-router';
import { sql } from 'kysely';
import { pageParam } from '~/console/console';
import { type Actor, recordAudit } from '~/console/audit.server';
import { requireAdmin, requireStaff } from '~/console/staff-access.server';
import { ORGANISATION_STATUSES, type OrganisationStatus } from '~/commerce/organisations/organisations';
import { answer, invalidFields, postedFields, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { organisationApprovedMail, organisationRefusedMail } from './organisation-mail.server';
import { refusalSchema, termsSchema } from './organisation.schema';
import { type Db, OrganisationError, withUsers } from './organisation-store.server';

/** The console's organisations (docs/decisions/0055): the list, one organisation, staff's decision and terms. */
export const ORGANISATIONS_PAGE_SIZE = 50;

const statusFilter = (value: string | null): OrganisationStatus | undefined =>
  value !== null && Object.hasOwn(ORGANISATION_STATUSES, value) ? (value as OrganisationStatus) : undefined;

export async function organisationsListData(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const { db } = context.services.database;
  const url = new URL(request.url);
  const status = statusFilter(url.searchParams.get('status'));
  const page = pageParam(url.searchParams.get('page'));
  let query = db.selectFrom('organisations').select(['id', 'name', 'kind', 'state', 'status', 'created_at']);
  if (status) query = query.where('status', '=', status);
  const rows = await query
    // Pending first (staff's queue), oldest application first among them.
    .orderBy(sql`case when status = 'pending' then 0 else 1 end`)
    .orderBy('created_at')
    .orderBy('id')
    .limit(ORGANISATIONS_PAGE_SIZE + 1)
    .offset((page - 1) * ORGANISATIONS_PAGE_SIZE)
    .execute();
  return {
    status: status ?? null,
    page,
    hasNext: rows.length > ORGANISATIONS_PAGE_SIZE,
    organisations: rows.slice(0, ORGANISATIONS_PAGE_SIZE).map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      state: row.state,
      status: row.status,
      appliedAt: Number(row.created_at),
    })),
  };
}

async function findOrganisation(db: Db, id: string) {
  if (id.length > 40) return undefined;
  return db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function organisationConsoleData(context: AppLoadContext, request: Request, id: string) {
  const staff = await requireStaff(context, request);
  const { db } = context.services.database;
  const row = await findOrganisation(db, id);
  if (!row) throw data(null, { status: 404 });
  const people = await withUsers(db)
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
    .where('m.organisation_id', '=', id)
    .orderBy('u.email')
    .execute();
  const applicant = await withUsers(db)
    .selectFrom('user')
    .select('email')
    .where('id', '=', row.applied_by)
    .executeTakeFirst();
  return {
    isAdmin: staff.role === 'admin',
    organisation: {
      id: row.id,
      name: row.name,
      kind: row.kind,
      address: [row.line1, row.line2, `${row.city}, ${row.state} ${row.zip}`].filter(Boolean).join(', '),
      phone: row.phone,
      npi: row.npi,
      taxId: row.tax_id,
      status: row.status,
      refusalReason: row.refusal_reason,
      applicantEmail: applicant?.email ?? null,
      appliedAt: Number(row.created_at),
      poRequired: Boolean(row.po_required),
      termsDays: row.terms_days,
      creditLimit: row.credit_limit,
    },
    members: people.map((m) => ({
      userId: m.user_id,
      name: `${m.firstName} ${m.lastName}`.trim() || m.email,
      email: m.email,
      role: m.role,
      orderLimit: m.order_limit,
      monthlyLimit: m.monthly_limit,
    })),
  };
}

/** Approve or refuse a pending application: one guarded UPDATE with its audit row. */
async function decide(
  db: Db,
  staff: Actor,
  id: string,
  to: 'approved' | 'refused',
  reason: string | null,
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('organisations')
      .set({ status: to, refusal_reason: reason, decided_by: staff.id, decided_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1)
      throw new OrganisationError('conflict', 'This application was decided already; reload the page.');
    await recordAudit(
      trx,
      staff,
      {
        action: to === 'approved' ? 'organisation.approve' : 'organisation.refuse',
        targetType: 'organisation',
        targetId: id,
        before: { status: 'pending' },
        after: { status: to, reason: reason ?? undefined },
      },
      now,
    );
  });
}

function refused(intent: string, error: unknown) {
  if (!(error instanceof OrganisationError)) throw error;
  return answer<FormAnswer>({ intent, ok: false, message: error.message }, { status: 409 });
}

export async function organisationConsoleAction(context: AppLoadContext, request: Request, id: string) {
  const { services } = context;
  const { db } = services.database;
  // The terms form is an administrator's; deciding is any member of staff's.
  const form = await request.clone().formData();
  const staff =
    form.get('intent') === 'terms'
      ? await requireAdmin(context, request)
      : await requireStaff(context, request);
  const row = await findOrganisation(db, id);
  if (!row) throw data(null, { status: 404 });
  const applicant = await withUsers(db)
    .selectFrom('user')
    .select('email')
    .where('id', '=', row.applied_by)
    .executeTakeFirst();
  const mail = async (kind: string, content: ReturnType<typeof organisationApprovedMail>) => {
    if (applicant) await services.mail.send({ kind, to: applicant.email, ...content });
  };
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async approve() {
        try {
          await decide(db, staff, id, 'approved', null);
        } catch (error) {
          return refused('approve', error);
        }
        await mail(
          'organisation approved',
          organisationApprovedMail(
            row.name,
            new URL('/account/organisation', services.env.APP_URL).toString(),
          ),
        );
        return answer<FormAnswer>({
          intent: 'approve',
          ok: true,
          message: `${row.name} approved; the applicant is mailed.`,
        });
      },
      async refuse({ form: posted }) {
        const parsed = refusalSchema.safeParse(postedFields(posted));
        if (!parsed.success) return invalidFields<FormAnswer>({ intent: 'refuse' }, parsed.error.issues);
        try {
          await decide(db, staff, id, 'refused', parsed.data.reason);
        } catch (error) {
          return refused('refuse', error);
        }
        await mail('organisation refused', organisationRefusedMail(row.name, parsed.data.reason));
        return answer<FormAnswer>({
          intent: 'refuse',
          ok: true,
          message: `${row.name} refused; the applicant is mailed the reason.`,
        });
      },
      async terms({ form: posted }) {
        const values = postedFields(posted);
        const parsed = termsSchema.safeParse(values);
        if (!parsed.success)
          return invalidFields<FormAnswer>({ intent: 'terms', values }, parsed.error.issues);
        const after = {
          po_required: parsed.data.poRequired === 'yes' ? 1 : 0,
          terms_days: parsed.data.terms === 'none' ? null : (Number(parsed.data.terms) as 15 | 30 | 60),
          credit_limit: parsed.data.creditLimit,
        };
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('organisations')
            .set({ ...after, updated_at: Date.now() })
            .where('id', '=', id)
            .execute();
          await recordAudit(trx, staff, {
            action: 'organisation.terms',
            targetType: 'organisation',
            targetId: id,
            before: {
              po_required: Number(row.po_required),
              terms_days: row.terms_days,
              credit_limit: row.credit_limit,
            },
            after,
          });
        });
        return answer<FormAnswer>({ intent: 'terms', ok: true, message: 'Buying terms saved.' });
      },
    },
  );
}
