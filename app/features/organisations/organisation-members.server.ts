import { type Actor, recordAudit } from '~/console/audit.server';
import type { MemberRole } from '~/commerce/organisations/organisations';
import { type Db, OrganisationError } from './organisation-store.server';

/**
 * The organisation's members as its admins change them, and as a member leaves (docs/decisions/0055).
 * Each change is one transaction with its audit row, and an organisation always keeps an admin.
 */

const LAST_ADMIN = 'An organisation needs at least one admin: make another member admin first.';
export const LAST_ADMIN_LEAVING =
  'You are the only admin of this organisation, so you cannot leave it: make another member admin first, then leave.';

/** An organisation always keeps an admin: a change that would leave none is refused. */
async function keepsAnAdmin(trx: Db, organisationId: string, userId: string, message = LAST_ADMIN) {
  const others = await trx
    .selectFrom('organisation_members')
    .select('user_id')
    .where('organisation_id', '=', organisationId)
    .where('role', '=', 'admin')
    .where('user_id', '!=', userId)
    .execute();
  if (others.length === 0) throw new OrganisationError('conflict', message);
}

async function memberRow(
  trx: Db,
  organisationId: string,
  userId: string,
  missing = 'This person is not a member of your organisation any more.',
) {
  const row = await trx
    .selectFrom('organisation_members')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new OrganisationError('not_found', missing);
  return row;
}

export async function updateMember(
  db: Db,
  actor: Actor,
  organisationId: string,
  change: { userId: string; role: MemberRole; orderLimit: number | null; monthlyLimit: number | null },
  now = Date.now(),
) {
  await db.transaction().execute(async (trx) => {
    const before = await memberRow(trx, organisationId, change.userId);
    if (before.role === 'admin' && change.role !== 'admin')
      await keepsAnAdmin(trx, organisationId, change.userId);
    await trx
      .updateTable('organisation_members')
      .set({ role: change.role, order_limit: change.orderLimit, monthly_limit: change.monthlyLimit })
      .where('organisation_id', '=', organisationId)
      .where('user_id', '=', change.userId)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'organisation.member.change',
        targetType: 'organisation',
        targetId: organisationId,
        before: {
          user: before.user_id,
          role: before.role,
          orderLimit: before.order_limit,
          monthlyLimit: before.monthly_limit,
        },
        after: {
          user: change.userId,
          role: change.role,
          orderLimit: change.orderLimit,
          monthlyLimit: change.monthlyLimit,
        },
      },
      now,
    );
  });
}

/**
 * A member's row deleted with its audit row: removal by an admin, or the member leaving. It takes
 * effect at once, since every page and checkout reads membership afresh.
 */
async function dropMember(
  db: Db,
  actor: Actor,
  organisationId: string,
  userId: string,
  how: { action: string; lastAdmin: string; missing?: string },
  now: number,
) {
  await db.transaction().execute(async (trx) => {
    const before = await memberRow(trx, organisationId, userId, how.missing);
    if (before.role === 'admin') await keepsAnAdmin(trx, organisationId, userId, how.lastAdmin);
    await trx
      .deleteFrom('organisation_members')
      .where('organisation_id', '=', organisationId)
      .where('user_id', '=', userId)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: how.action,
        targetType: 'organisation',
        targetId: organisationId,
        before: { user: userId, role: before.role },
      },
      now,
    );
  });
}

/** An admin removes a member. */
export async function removeMember(
  db: Db,
  actor: Actor,
  organisationId: string,
  userId: string,
  now = Date.now(),
) {
  await dropMember(
    db,
    actor,
    organisationId,
    userId,
    { action: 'organisation.member.remove', lastAdmin: LAST_ADMIN },
    now,
  );
}

/** A member leaves the organisation themselves; its only admin cannot. */
export async function leaveOrganisation(db: Db, member: Actor, organisationId: string, now = Date.now()) {
  await dropMember(
    db,
    member,
    organisationId,
    member.id,
    {
      action: 'organisation.member.leave',
      lastAdmin: LAST_ADMIN_LEAVING,
      missing: 'You are not a member of this organisation any more.',
    },
    now,
  );
}
