import { type AppLoadContext, redirect } from 'react-router';
import { MEMBER_ROLES } from '~/commerce/organisations/organisations';
import { answer, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { getSessionUser } from '~/lib/session.server';
import { acceptInvitation, openInvitation, OrganisationError } from './organisation-store.server';

/**
 * /organisation-invitation/:token: who invites whom, and the accept button for the account with
 * the invited address. A guest is sent to sign in (or sign up) and brought back here.
 */
export async function invitationPageData(context: AppLoadContext, request: Request, token: string) {
  const { db } = context.services.database;
  const user = await getSessionUser(context, request, { fresh: true });
  if (!user) {
    const back = new URL(request.url).pathname;
    return {
      state: 'guest' as const,
      signIn: `/login?redirectTo=${encodeURIComponent(back)}`,
      signUp: `/signup?redirectTo=${encodeURIComponent(back)}`,
    };
  }
  try {
    const invitation = await openInvitation(db, token);
    return {
      state: 'open' as const,
      organisation: invitation.organisationName,
      role: MEMBER_ROLES[invitation.role],
      email: invitation.email,
      signedInAs: user.email,
      matches: invitation.email.toLowerCase() === user.email.toLowerCase(),
    };
  } catch (error) {
    if (!(error instanceof OrganisationError)) throw error;
    return { state: 'closed' as const, message: error.message };
  }
}

export async function invitationAction(context: AppLoadContext, request: Request, token: string) {
  const user = await getSessionUser(context, request, { fresh: true });
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  const { db } = context.services.database;
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async accept() {
        try {
          const name = await acceptInvitation(db, { id: user.id, email: user.email }, token);
          return answer<FormAnswer>({ intent: 'accept', ok: true, message: `You joined ${name}.` });
        } catch (error) {
          if (!(error instanceof OrganisationError)) throw error;
          const status = error.code === 'forbidden' ? 403 : error.code === 'not_found' ? 404 : 409;
          return answer<FormAnswer>({ intent: 'accept', ok: false, message: error.message }, { status });
        }
      },
    },
  );
}
