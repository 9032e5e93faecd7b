import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type { GenericOAuthConfig } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { DatabaseSchema, OrganisationSignInTable } from '../db/schema';
import type { Auth } from './auth';
import { openIdConnectConfig } from './providers';

type Db = Kysely<DatabaseSchema>;

/**
 * Organisations' sign-in added by an administrator (/admin/sign-in): an OpenID Connect provider
 * and the email domains it signs in. Better Auth builds its providers at start, so one added
 * later is handed to its generic-oauth plugin as "discovery pending": the plugin reads the
 * provider's configuration on the first request that names it (a sign-in, or the way back on
 * another instance) and keeps it. Better Auth 1.7's `genericOAuthPendingDiscovery`; a test of
 * the whole flow fails if an upgrade changes it.
 */
export interface OrganisationSignIn {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  domains: string[];
  createdAt: number;
}

const domainsOf = (row: Pick<OrganisationSignInTable, 'domains'>) => row.domains.split(',').filter(Boolean);

function view(row: OrganisationSignInTable): OrganisationSignIn {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.client_id,
    domains: domainsOf(row),
    createdAt: row.created_at,
  };
}

export async function listOrganisationSignIns(db: Db): Promise<OrganisationSignIn[]> {
  const rows = await db.selectFrom('organisation_sign_ins').selectAll().orderBy('name').execute();
  return rows.map(view);
}

/** The organisation whose domains hold this address (a subdomain counts), if any. */
export async function organisationSignInFor(db: Db, email: string): Promise<OrganisationSignIn | undefined> {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  const rows = await listOrganisationSignIns(db);
  return rows.find((row) => row.domains.some((owned) => domain === owned || domain.endsWith(`.${owned}`)));
}

export interface NewOrganisationSignIn {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string[];
}

/** A provider id of its own: "org-" and the name's letters, and a number if that is taken. */
async function freeId(db: Db, name: string): Promise<string> {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 28) || 'provider';
  for (let n = 1; ; n++) {
    const id = n === 1 ? `org-${slug}` : `org-${slug}-${n}`;
    const taken = await db
      .selectFrom('organisation_sign_ins')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!taken) return id;
  }
}

export async function addOrganisationSignIn(trx: Db, secret: string, input: NewOrganisationSignIn) {
  const id = await freeId(trx, input.name);
  await trx
    .insertInto('organisation_sign_ins')
    .values({
      id,
      name: input.name,
      issuer: input.issuer,
      client_id: input.clientId,
      client_secret: await symmetricEncrypt({ key: secret, data: input.clientSecret }),
      domains: input.domains.join(','),
      created_at: Date.now(),
    })
    .execute();
  return id;
}

/** Which configured domains another organisation already signs in (a domain has one provider). */
export async function domainsTaken(db: Db, domains: string[]): Promise<string[]> {
  const taken = new Set((await listOrganisationSignIns(db)).flatMap((row) => row.domains));
  return domains.filter((domain) => taken.has(domain));
}

export async function removeOrganisationSignIn(trx: Db, id: string) {
  const row = await trx
    .selectFrom('organisation_sign_ins')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  await trx.deleteFrom('organisation_sign_ins').where('id', '=', id).execute();
  return view(row);
}

interface GenericOAuthContext {
  socialProviders: { id: string }[];
  genericOAuthPendingDiscovery?: Map<string, GenericOAuthConfig>;
}

/**
 * Makes an organisation's provider known to this instance's Better Auth (if it is configured):
 * true when it can be used. Cheap once known.
 */
export async function offerOrganisationSignIn(
  auth: Auth,
  db: Db,
  secret: string,
  id: string,
): Promise<boolean> {
  const context = (await auth.$context) as unknown as GenericOAuthContext;
  const row = await db
    .selectFrom('organisation_sign_ins')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) {
    withdrawFrom(context, id);
    return false;
  }
  if (context.socialProviders.some((provider) => provider.id === id)) return true;
  const pending = context.genericOAuthPendingDiscovery;
  if (!pending)
    throw new Error(
      'Better Auth’s generic-oauth plugin has no pending discovery: see organisation-sign-ins.ts',
    );
  pending.set(
    id,
    openIdConnectConfig({
      id,
      name: row.name,
      issuer: row.issuer,
      clientId: row.client_id,
      clientSecret: await symmetricDecrypt({ key: secret, data: row.client_secret }),
      domains: domainsOf(row),
    }),
  );
  return true;
}

function withdrawFrom(context: GenericOAuthContext, id: string) {
  context.genericOAuthPendingDiscovery?.delete(id);
  const index = context.socialProviders.findIndex((provider) => provider.id === id);
  if (index >= 0) context.socialProviders.splice(index, 1);
}

/** After removal: this instance stops offering it at once (others on their next request for it). */
export async function withdrawOrganisationSignIn(auth: Auth, id: string) {
  withdrawFrom((await auth.$context) as unknown as GenericOAuthContext, id);
}
