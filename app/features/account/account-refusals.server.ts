import { REAUTHENTICATION_REQUIRED } from '#server/auth/recent-sign-in';
import { answer } from '~/lib/form-action.server';
import type { AccountAnswer } from './account-forms';
import { ACCOUNT_TEXT } from './account-text.server';
import type { AuthAnswer } from './auth-call.server';

/** A change refused because the session was not signed in recently: the page asks to confirm. */
export function reauthAnswer(intent: AccountAnswer['intent']) {
  return answer<AccountAnswer>(
    { intent, ok: false, reauth: true, message: ACCOUNT_TEXT.reauthRequired },
    { status: 403 },
  );
}

/**
 * A refused account change: "confirm it is you" when that is why, else the limit's own words
 * (429) or the form's `fallback`, answered with `status`.
 */
export function refusedAnswer(
  intent: AccountAnswer['intent'],
  result: Pick<AuthAnswer, 'code' | 'status' | 'message' | 'headers'>,
  fallback: string,
  status: number,
) {
  if (result.code === REAUTHENTICATION_REQUIRED) return reauthAnswer(intent);
  const message = result.status === 429 ? result.message : fallback;
  return answer<AccountAnswer>({ intent, ok: false, message }, { status, headers: result.headers });
}
