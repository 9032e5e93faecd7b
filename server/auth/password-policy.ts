import { APIError } from 'better-auth/api';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '../../app/lib/password-rules';

/**
 * The most common passwords (about 49,000, from leaked password lists) as the zxcvbn-ts project
 * ships them: @zxcvbn-ts/language-common, MIT, pinned exactly in package.json. Read once, on the
 * first check, and kept lower-cased: "Password123" is as guessable as "password123".
 */
const LIST_MODULE = '@zxcvbn-ts/language-common/src/passwords.json';

let common: ReadonlySet<string> | undefined;

/** The list, lower-cased: read from the package on the first call, the same set after. */
export function commonPasswords(): ReadonlySet<string> {
  if (!common) {
    const file = createRequire(import.meta.url).resolve(LIST_MODULE);
    const list = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!Array.isArray(list) || list.length < 10_000) {
      // A package that moved or emptied its list must not turn the check off silently.
      throw new Error(`The list of common passwords in ${LIST_MODULE} is missing or too short`);
    }
    common = new Set(list.map((entry) => String(entry).toLowerCase()));
  }
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Why a new password is refused, in the forms' words, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  return undefined;
}

/**
 * Every endpoint that sets a password, and the body field that carries it. Some are closed to
 * HTTP (limits.ts) but still called by our pages through auth.api, which runs the hooks too.
 */
export const NEW_PASSWORD_FIELDS: Readonly<Record<string, string>> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
  '/reset-password': 'newPassword',
  '/email-otp/reset-password': 'password',
  '/phone-number/reset-password': 'newPassword',
};

/**
 * For Better Auth's before-hook (options.ts): the rule, before anything is hashed, answered 400
 * in the forms' words. Only where a password is set: signing in with an older, shorter password
 * still works. Not in the hasher: Better Auth hashes a sign-in's password for an unknown email
 * too (even timing), and a refusal there would tell which emails have accounts.
 */
export function refuseWeakNewPassword(path: string, body: Record<string, unknown>): void {
  const field = NEW_PASSWORD_FIELDS[path];
  const password = field ? body[field] : undefined;
  if (typeof password !== 'string') return;
  const problem = passwordProblem(password);
  if (!problem) return;
  const code = problem === PASSWORD_TOO_COMMON ? 'PASSWORD_TOO_COMMON' : 'PASSWORD_TOO_SHORT';
  throw APIError.from('BAD_REQUEST', { message: problem, code });
}
