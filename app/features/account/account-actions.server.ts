import { type AppLoadContext, createCookie, redirect } from 'react-router';
import { REAUTHENTICATION_REQUIRED, readRecentSignIn } from '#server/auth/recent-sign-in';
import { answer, type FormArgs, finish, invalidFields, runIntent } from '~/lib/form-action.server';
import { ENHANCED_FIELD, textFields } from '~/lib/form-answer';
import type { AccountAnswer } from './account-forms';
import { ACCOUNT_TEXT } from './account-text.server';
import { changePasswordSchema, confirmError, nameSchema, newPasswordSchema } from './account.schema';
import { callAuth } from './auth-call.server';
import { identityIntents } from './identity-actions.server';
import { contactDetailIntents } from './contact-details-actions.server';
import { reauthAnswer } from './account-refusals.server';
import { reauthenticationIntents } from './reauthenticate-actions.server';
import { requireUser } from '~/lib/session.server';
import { disableTwoFactorSchema, withoutSpaces } from './two-factor.schema';

type Args = FormArgs<AppLoadContext>;

/**
 * A plain POST that changed the session (a new name in the cookie cache, a new session after a
 * password change) is redirected back to /account, so the page is rendered with the new
 * cookies; this one-minute cookie carries which form succeeded across that redirect.
 */
const notice = createCookie('account-notice', {
  path: '/account',
  httpOnly: true,
  sameSite: 'lax',
  maxAge: 60,
});
const NOTICES = {
  profile: ACCOUNT_TEXT.profileUpdated,
  password: ACCOUNT_TEXT.passwordChanged,
} as const;

/** The answer a redirected plain POST left for the account page, and the header clearing it. */
export async function takeAccountNotice(request: Request) {
  const intent: unknown = await notice.parse(request.headers.get('Cookie'));
  if (intent !== 'profile' && intent !== 'password') return { notice: null, headers: undefined };
  const cleared = new Headers({ 'Set-Cookie': await notice.serialize('', { maxAge: 0 }) });
  const left: AccountAnswer = { intent, ok: true, message: NOTICES[intent] };
  return { notice: left, headers: cleared };
}

async function succeeded(form: FormData, intent: keyof typeof NOTICES, headers: Headers) {
  if (form.has(ENHANCED_FIELD))
    return answer<AccountAnswer>({ intent, ok: true, message: NOTICES[intent] }, { headers });
  headers.append('Set-Cookie', await notice.serialize(intent));
  return redirect('/account', { headers });
}

/** The action of /account: profile, password, two-factor off, signing out devices, the address book. */
/**
 * The forms other features put on /account (the address book, the shopper's data) come in as
 * `moreIntents` from the route, which composes them: the account does not import those features.
 */
export async function accountAction(
  context: AppLoadContext,
  request: Request,
  moreIntents: Record<string, (args: Args) => Promise<unknown>>,
) {
  // Fresh, as the page itself: a session revoked elsewhere changes nothing (-> /login).
  await requireUser(context, request);
  // The forms answer in their own shapes (account, address book); each reads only its own.
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      profile: updateProfile,
      password: changePassword,
      'two-factor-disable': disableTwoFactor,
      'sign-out-others': signOutOthers,
      'sign-out-everywhere': signOutEverywhere,
      ...reauthenticationIntents,
      ...contactDetailIntents,
      ...identityIntents,
      ...moreIntents,
    },
  );
}

async function updateProfile({ context, request, form }: Args) {
  const values = textFields(form, ['firstName', 'lastName']);
  const parsed = nameSchema.safeParse(values);
  if (!parsed.success)
    return invalidFields<AccountAnswer>({ intent: 'profile', values }, parsed.error.issues);
  const input = parsed.data;
  const result = await callAuth(context, request, null, (headers) =>
    context.services.auth.api.updateUser({
      body: { ...input, name: `${input.firstName} ${input.lastName}` },
      headers,
      asResponse: true,
    }),
  );
  if (result.ok) return succeeded(form, 'profile', result.headers);
  return answer<AccountAnswer>(
    { intent: 'profile', ok: false, message: result.message ?? ACCOUNT_TEXT.profileFailed, values },
    { status: result.status, headers: result.headers },
  );
}

/**
 * Changing the password signs out every other device: Better Auth starts a new session for this
 * one (its cookie). An account made by a code or link has none yet: it sets one (mode=set).
 */
async function changePassword({ context, request, form }: Args) {
  if (form.get('mode') === 'set') return setFirstPassword({ context, request, form });
  const values = textFields(form, ['currentPassword', 'password', 'confirm']);
  const parsed = changePasswordSchema.safeParse(values);
  const mismatch = confirmError(values.password, values.confirm);
  if (!parsed.success || mismatch) {
    return invalidFields<AccountAnswer>({ intent: 'password' }, parsed.error?.issues ?? [], {
      confirm: mismatch,
    });
  }
  const { currentPassword, password } = parsed.data;
  const result = await callAuth(context, request, { path: '/api/auth/change-password' }, (headers) =>
    context.services.auth.api.changePassword({
      body: { currentPassword, newPassword: password, revokeOtherSessions: true },
      headers,
      asResponse: true,
    }),
  );
  if (result.ok) return succeeded(form, 'password', result.headers);
  if (result.code === REAUTHENTICATION_REQUIRED) return reauthAnswer('password');
  const status = { status: result.status, headers: result.headers };
  if (result.code === 'INVALID_PASSWORD') {
    const fields = { currentPassword: result.message ?? ACCOUNT_TEXT.passwordWrong };
    return answer<AccountAnswer>({ intent: 'password', ok: false, fields }, status);
  }
  return answer<AccountAnswer>(
    { intent: 'password', ok: false, message: result.message ?? ACCOUNT_TEXT.passwordFailed },
    status,
  );
}

async function setFirstPassword({ context, request, form }: Args) {
  const values = textFields(form, ['password', 'confirm']);
  const parsed = newPasswordSchema.safeParse(values);
  const mismatch = confirmError(values.password, values.confirm);
  if (!parsed.success || mismatch) {
    return invalidFields<AccountAnswer>({ intent: 'password' }, parsed.error?.issues ?? [], {
      confirm: mismatch,
    });
  }
  const result = await callAuth(context, request, { path: '/api/auth/change-password' }, (headers) =>
    context.services.auth.api.setPassword({
      body: { newPassword: parsed.data.password },
      headers,
      asResponse: true,
    }),
  );
  if (result.ok) return succeeded(form, 'password', result.headers);
  if (result.code === REAUTHENTICATION_REQUIRED) return reauthAnswer('password');
  return answer<AccountAnswer>(
    { intent: 'password', ok: false, message: result.message ?? ACCOUNT_TEXT.passwordFailed },
    { status: result.status, headers: result.headers },
  );
}

/**
 * As POST /api/auth/two-factor/disable: a current code from the app first, then the password,
 * so a stolen password alone cannot remove the second factor.
 */
async function disableTwoFactor({ context, request, form }: Args) {
  const values = textFields(form, ['password', 'code']);
  const intent = 'two-factor-disable';
  const parsed = disableTwoFactorSchema.safeParse({ ...values, code: withoutSpaces(values.code) });
  if (!parsed.success) return invalidFields<AccountAnswer>({ intent }, parsed.error.issues);
  const { auth } = context.services;
  const { password, code } = parsed.data;
  // Before the code is checked: a refusal after it would have spent the code for nothing.
  if ((await readRecentSignIn(auth, request.headers)) <= Date.now()) return reauthAnswer(intent);
  const limit = { path: '/api/auth/two-factor/disable' };
  const checked = await callAuth(context, request, limit, (headers) =>
    auth.api.verifyTOTP({ body: { code }, headers, asResponse: true }),
  );
  if (checked.status === 429) {
    return answer<AccountAnswer>({ intent, ok: false, message: checked.message }, { status: 429 });
  }
  if (!checked.ok) {
    return answer<AccountAnswer>(
      { intent, ok: false, fields: { code: ACCOUNT_TEXT.currentCodeInvalid } },
      { status: 400 },
    );
  }
  const result = await callAuth(context, request, null, (headers) =>
    auth.api.disableTwoFactor({ body: { password }, headers, asResponse: true }),
  );
  if (result.code === REAUTHENTICATION_REQUIRED) return reauthAnswer(intent);
  const init = { status: result.status, headers: result.headers };
  if (result.ok) return answer<AccountAnswer>({ intent, ok: true, message: ACCOUNT_TEXT.twoFactorOff }, init);
  if (result.code === 'INVALID_PASSWORD') {
    const fields = { password: result.message ?? ACCOUNT_TEXT.passwordWrong };
    return answer<AccountAnswer>({ intent, ok: false, fields }, init);
  }
  return answer<AccountAnswer>(
    { intent, ok: false, message: result.message ?? ACCOUNT_TEXT.twoFactorOffFailed },
    init,
  );
}

async function signOutOthers({ context, request }: Args) {
  const intent = 'sign-out-others';
  const result = await callAuth(context, request, null, (headers) =>
    context.services.auth.api.revokeOtherSessions({ headers, asResponse: true }),
  );
  const init = { status: result.status, headers: result.headers };
  if (result.ok)
    return answer<AccountAnswer>({ intent, ok: true, message: ACCOUNT_TEXT.othersSignedOut }, init);
  return answer<AccountAnswer>(
    { intent, ok: false, message: result.message ?? ACCOUNT_TEXT.othersFailed },
    init,
  );
}

/** Every session of the account, this one too: Better Auth clears this device's cookies. */
async function signOutEverywhere({ context, request, form }: Args) {
  const intent = 'sign-out-everywhere';
  const result = await callAuth(context, request, null, (headers) =>
    context.services.auth.api.revokeSessions({ headers, asResponse: true }),
  );
  if (result.ok)
    return finish<AccountAnswer>(form, '/', { intent, ok: true, redirectTo: '/' }, result.headers);
  return answer<AccountAnswer>(
    { intent, ok: false, message: result.message ?? ACCOUNT_TEXT.everywhereFailed },
    { status: result.status, headers: result.headers },
  );
}
