import { type AppLoadContext, data, redirect } from 'react-router';
import { challengeTarget, requireStaffBeforeChallenge } from '~/console/staff-access.server';

export interface SecondFactorPageData {
  email: string;
  redirectTo: string;
}

/** The challenge page: staff whose session already passed it go straight where they were going. */
export async function secondFactorPageData(
  context: AppLoadContext,
  request: Request,
): Promise<SecondFactorPageData> {
  const user = await requireStaffBeforeChallenge(context, request);
  const redirectTo = challengeTarget(new URL(request.url).searchParams.get('redirectTo'));
  if (user.secondFactorPassed) throw redirect(redirectTo);
  return { email: user.email, redirectTo };
}

/** A right code marks the session and goes back; a wrong one is said (and counted). */
/** The account's check of a code (it owns two-factor), handed in by the route. */
export type AnswerChallenge = (
  context: AppLoadContext,
  request: Request,
  email: string,
  form: FormData,
) => Promise<
  { ok: true } | { ok: false; status: number; message: string; mode: 'totp' | 'backup'; headers?: Headers }
>;

export async function secondFactorAction(
  context: AppLoadContext,
  request: Request,
  answerSecondFactorChallenge: AnswerChallenge,
) {
  const user = await requireStaffBeforeChallenge(context, request);
  const form = await request.formData();
  const redirectTo = challengeTarget(new URL(request.url).searchParams.get('redirectTo'));
  if (user.secondFactorPassed) throw redirect(redirectTo);
  const answer = await answerSecondFactorChallenge(context, request, user.email, form);
  if (answer.ok) throw redirect(redirectTo);
  return data(
    { message: answer.message, mode: answer.mode },
    { status: answer.status, headers: answer.headers },
  );
}
