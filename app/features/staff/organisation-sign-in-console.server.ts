import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import {
  addOrganisationSignIn,
  domainsTaken,
  listOrganisationSignIns,
  removeOrganisationSignIn,
  withdrawOrganisationSignIn,
} from '#server/auth/organisation-sign-ins';
import { answer, invalidFields, runIntent } from '~/lib/form-action.server';
import { type FormAnswer, textFields } from '~/lib/form-answer';
import { recordAudit } from '~/console/audit.server';
import { requireAdmin } from '~/console/staff-access.server';

/**
 * /admin/sign-in: organisations (clinics, home-care agencies) whose people sign in through
 * their own OpenID Connect provider, chosen by the email's domain. Administrators only.
 */

export async function organisationSignInPageData(context: AppLoadContext, request: Request) {
  await requireAdmin(context, request);
  return {
    organisations: await listOrganisationSignIns(context.services.database.db),
    callbackBase: `${context.services.env.APP_URL}/api/auth/callback/`,
  };
}

const domainPattern = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const organisationSchema = z.object({
  name: z.string().trim().min(2, 'Enter the organisation’s name').max(60, 'Use at most 60 characters'),
  issuer: z
    .string()
    .trim()
    .url('Enter the provider’s issuer URL, such as https://login.example.org')
    .refine((value) => {
      // Also run after a failed URL check (zod goes on): an unreadable URL is that check's.
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
      return url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
    }, 'The issuer must use https'),
  clientId: z.string().trim().min(1, 'Enter the client ID the provider gave you').max(200),
  clientSecret: z.string().trim().min(1, 'Enter the client secret the provider gave you').max(500),
  domains: z
    .string()
    .transform((value) => [
      ...new Set(
        value
          .split(/[\s,]+/)
          .map((d) => d.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .refine((list) => list.length > 0, 'Enter at least one email domain, such as riverside.example')
    .refine((list) => list.length <= 20, 'Enter at most 20 domains')
    .refine(
      (list) => list.every((d) => domainPattern.test(d)),
      'Enter domains such as riverside.example, separated by commas',
    ),
});

/** The provider's published configuration: it must answer, and name itself as the issuer. */
async function discoveryProblem(issuer: string): Promise<string | null> {
  const base = issuer.replace(/\/+$/, '');
  try {
    const response = await fetch(`${base}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return `The provider answered ${response.status} for its configuration.`;
    const config = (await response.json()) as { issuer?: unknown; authorization_endpoint?: unknown };
    if (typeof config.authorization_endpoint !== 'string')
      return 'The provider’s configuration has no sign-in address.';
    if (typeof config.issuer !== 'string' || config.issuer.replace(/\/+$/, '') !== base) {
      return 'The provider names a different issuer in its configuration.';
    }
    return null;
  } catch {
    return 'We could not read the provider’s configuration at that address.';
  }
}

export async function organisationSignInAction(context: AppLoadContext, request: Request) {
  const admin = await requireAdmin(context, request);
  const { database, env, auth } = context.services;
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async add({ form }) {
        const values = textFields(form, ['name', 'issuer', 'clientId', 'clientSecret', 'domains']);
        const kept = {
          name: values.name,
          issuer: values.issuer,
          clientId: values.clientId,
          domains: values.domains,
        };
        const parsed = organisationSchema.safeParse(values);
        if (!parsed.success)
          return invalidFields<FormAnswer>({ intent: 'add', values: kept }, parsed.error.issues);
        const taken = await domainsTaken(database.db, parsed.data.domains);
        if (taken.length > 0) {
          return invalidFields<FormAnswer>({ intent: 'add', values: kept }, [
            { path: ['domains'], message: `Another organisation already signs in ${taken.join(', ')}` },
          ]);
        }
        const problem = await discoveryProblem(parsed.data.issuer);
        if (problem) {
          return invalidFields<FormAnswer>({ intent: 'add', values: kept }, [
            { path: ['issuer'], message: problem },
          ]);
        }
        const id = await database.db.transaction().execute(async (trx) => {
          const added = await addOrganisationSignIn(trx, env.AUTH_SECRET, parsed.data);
          const { clientSecret: _secret, ...shown } = parsed.data;
          await recordAudit(trx, admin, {
            action: 'organisation-sign-in.add',
            targetType: 'organisation',
            targetId: added,
            after: shown,
          });
          return added;
        });
        return answer<FormAnswer>({
          intent: 'add',
          ok: true,
          message: `${parsed.data.name} added. Give the provider this redirect address: ${env.APP_URL}/api/auth/callback/${id}`,
        });
      },
      async remove({ form }) {
        const { id } = textFields(form, ['id']);
        const removed = await database.db.transaction().execute(async (trx) => {
          const gone = await removeOrganisationSignIn(trx, id);
          if (gone) {
            await recordAudit(trx, admin, {
              action: 'organisation-sign-in.remove',
              targetType: 'organisation',
              targetId: id,
              before: { name: gone.name, issuer: gone.issuer, domains: gone.domains },
            });
          }
          return gone;
        });
        if (!removed)
          return answer<FormAnswer>(
            { intent: 'remove', ok: false, message: 'That organisation was already removed.' },
            { status: 404 },
          );
        await withdrawOrganisationSignIn(auth, id);
        return answer<FormAnswer>({
          intent: 'remove',
          ok: true,
          message: `${removed.name} removed. Its people sign in another way now; their accounts stay.`,
        });
      },
    },
  );
}
