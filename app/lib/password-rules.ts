/**
 * The password rule's numbers and words, shared by the server's check (server/auth/password-policy.ts) and
 * the forms' schemas (app/features/account/account.schema.ts), which run in the browser too: so
 * nothing here may load the list of common passwords.
 */

/** Longer than the spec's 6 (docs/decisions/0040-passwords-and-staff-promotion.md). */
export const PASSWORD_MIN_LENGTH = 10;

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

export const PASSWORD_TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';
