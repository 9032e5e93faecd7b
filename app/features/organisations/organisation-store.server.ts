import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { preparedQuery } from '#server/db/prepared';
import type { DatabaseSchema } from '#server/db/schema';
import { type Actor, recordAudit } from '~/console/audit.server';
import type { MemberRole } from '~/commerce/organisations/organisations';
import type { Application } from './organisation.schema';

/**
 * The organisation's rows as its members change them (docs/decisions/0055): the application,
 * invitations and joining (members' changes and leaving: organisation-members.server.ts). Each
 * change is one transaction with its audit row (the member as the actor), so the organisation's
 * history sits in the same log staff read.
 */
export type Db = Kysely<DatabaseSchema>;
/** Better Auth's user table, read for members' names and addresses (it is not in DatabaseSchema). */
interface UserColumns {
  user: { id: string; email: string; firstName: string; lastName: string };
}
export const withUsers = (db: Db) => db as unknown as Kysely<DatabaseSchema & UserColumns>;

export class OrganisationError extends Error {
  constructor(
    readonly code: 'conflict' | 'not_found' | 'gone' | 'forbidden',
    message: string,
  ) {
    super(message);
  }
}

export const INVITATION_DAYS = 7;
const DAY = 24 * 60 * 60 * 1000;
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The account's organisation, whatever its status; undefined when it belongs to none. */
export async function membershipOf(db: Db, userId: string) {
  return (await membershipRows(db, { userId }))[0];
}

// Asked by every `/account` page and checkout, mostly of consumers: compiled once (ADR 0034).
const membershipRows = preparedQuery((db: Db, p: { userId: string }) =>
  db
    .selectFrom('organisation_members as m')
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .selectAll('o')
    .select(['m.role', 'm.order_limit', 'm.monthly_limit'])
    .where('m.user_id', '=', p.userId),
);

const ALREADY_MEMBER =
  'Your account already belongs to an organisation: an account can buy for one organisation only.';

/** The application: a pending organisation whose first admin is the applicant. */
export async function applyForOrganisation(db: Db, applicant: Actor, form: Application, now = Date.now()) {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    if (await membershipOf(trx, applicant.id)) throw new OrganisationError('conflict', ALREADY_MEMBER);
    await trx
      .insertInto('organisations')
      .values({
        id,
        name: form.name,
        kind: form.kind,
        line1: form.line1,
        line2: form.line2,
        city: form.city,
        state: form.state,
        zip: form.zip,
        phone: form.phone,
        npi: form.npi,
        tax_id: form.taxId,
        status: 'pending',
        applied_by: applicant.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // The row exists from now on, but buyingContext reads only approved organisations.
    await trx
      .insertInto('organisation_members')
      .values({ organisation_id: id, user_id: applicant.id, role: 'admin', added_at: now })
      .execute();
    await recordAudit(
      trx,
      applicant,
      { action: 'organisation.apply', targetType: 'organisation', targetId: id, after: form },
      now,
    );
  });
  return id;
}

/** A new invitation; the token goes into the mail only, its SHA-256 into the table. */
export async function inviteMember(
  db: Db,
  actor: Actor,
  organisationId: string,
  invite: { email: string; role: MemberRole },
  now = Date.now(),
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + INVITATION_DAYS * DAY;
  await db.transaction().execute(async (trx) => {
    const taken = await withUsers(trx)
      .selectFrom('organisation_members as m')
      .innerJoin('user as u', 'u.id', 'm.user_id')
      .select('m.organisation_id')
      .where((eb) => eb(eb.fn('lower', ['u.email']), '=', invite.email))
      .executeTakeFirst();
    if (taken)
      throw new OrganisationError(
        'conflict',
        taken.organisation_id === organisationId
          ? `${invite.email} is already a member of this organisation.`
          : `${invite.email} already belongs to another organisation: an account can buy for one organisation only.`,
      );
    await trx
      .insertInto('organisation_invitations')
      .values({
        id: randomUUID(),
        organisation_id: organisationId,
        email: invite.email,
        role: invite.role,
        token_hash: tokenHash(token),
        invited_by: actor.id,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
    await recordAudit(
      trx,
      actor,
      { action: 'organisation.invite', targetType: 'organisation', targetId: organisationId, after: invite },
      now,
    );
  });
  return { token, expiresAt };
}

/** The invitation a link carries, if it is still good (not used, revoked or out of date). */
export async function openInvitation(db: Db, token: string, now = Date.now()) {
  const row = await db
    .selectFrom('organisation_invitations as i')
    .innerJoin('organisations as o', 'o.id', 'i.organisation_id')
    .selectAll('i')
    .select(['o.name as organisationName', 'o.status as organisationStatus'])
    .where('i.token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row)
    throw new OrganisationError(
      'not_found',
      'This invitation link is not valid. Ask your organisation’s admin for a new one.',
    );
  if (row.accepted_at !== null)
    throw new OrganisationError('gone', 'This invitation was used already. Each link works once.');
  if (row.revoked_at !== null)
    throw new OrganisationError(
      'gone',
      'This invitation was withdrawn. Ask your organisation’s admin for a new one.',
    );
  if (Number(row.expires_at) <= now)
    throw new OrganisationError(
      'gone',
      'This invitation has expired. Ask your organisation’s admin for a new one.',
    );
  return row;
}

/** Accepting: the signed-in account must have the invited address and belong to no organisation. */
export async function acceptInvitation(db: Db, user: Actor, token: string, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const invitation = await openInvitation(trx, token, now);
    if (invitation.email.toLowerCase() !== user.email.toLowerCase())
      throw new OrganisationError(
        'forbidden',
        `This invitation is for ${invitation.email}, but you are signed in as ${user.email}. Sign out and sign in with ${invitation.email}.`,
      );
    if (await membershipOf(trx, user.id)) throw new OrganisationError('conflict', ALREADY_MEMBER);
    // Guarded: two tabs accepting at once use the invitation once.
    const used = await trx
      .updateTable('organisation_invitations')
      .set({ accepted_at: now })
      .where('id', '=', invitation.id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1)
      throw new OrganisationError('gone', 'This invitation was used already. Each link works once.');
    await trx
      .insertInto('organisation_members')
      .values({
        organisation_id: invitation.organisation_id,
        user_id: user.id,
        role: invitation.role,
        added_at: now,
      })
      .execute();
    await recordAudit(
      trx,
      user,
      {
        action: 'organisation.join',
        targetType: 'organisation',
        targetId: invitation.organisation_id,
        after: { role: invitation.role },
      },
      now,
    );
    return invitation.organisationName;
  });
}

export async function revokeInvitation(
  db: Db,
  actor: Actor,
  organisationId: string,
  invitationId: string,
  now = Date.now(),
) {
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('organisation_invitations')
      .set({ revoked_at: now })
      .where('id', '=', invitationId)
      .where('organisation_id', '=', organisationId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1)
      throw new OrganisationError('gone', 'This invitation was used or withdrawn already.');
    await recordAudit(
      trx,
      actor,
      {
        action: 'organisation.invitation.revoke',
        targetType: 'organisation',
        targetId: organisationId,
        before: { invitation: invitationId },
      },
      now,
    );
  });
}
