import { z } from 'zod';
import { emailSchema as emailField } from '~/commerce/email';
import { NAME_PART_MAX_LENGTH } from '~/lib/name-rules';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '~/lib/password-rules';

/**
 * A new password: the length here, in the browser too; the server also refuses the most common
 * passwords (server/auth/password-policy.ts), with the message of PASSWORD_TOO_COMMON.
 */
export const newPasswordField = z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT);

/** The sign-in and registration rules and their messages, shared by the forms and the tests. */
export const loginSchema = z.object({
  email: emailField,
  // Signing in checks the password against the account, not the rule for new ones: accounts made
  // under the old 6-character rule keep working.
  password: z.string().min(1, 'Enter your password'),
});

export const registrationSchema = loginSchema.extend({
  password: newPasswordField,
  firstName: z
    .string()
    .trim()
    .min(1, 'First name is required')
    .max(NAME_PART_MAX_LENGTH, 'First name is too long'),
  lastName: z
    .string()
    .trim()
    .min(1, 'Last name is required')
    .max(NAME_PART_MAX_LENGTH, 'Last name is too long'),
});

export const newPasswordSchema = z.object({ password: newPasswordField });

export const emailSchema = loginSchema.pick({ email: true });

export const nameSchema = registrationSchema.pick({ firstName: true, lastName: true });

/** A code from a sign-in email. */
export const emailCodeSchema = z.object({
  email: loginSchema.shape.email,
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password'),
  password: newPasswordSchema.shape.password,
});

/** The rule of a "confirm password" field, checked beside the schema on both sides. */
export function confirmError(password: string, confirm: string): string | undefined {
  return password !== confirm ? 'Passwords do not match' : undefined;
}

export type LoginInput = z.infer<typeof loginSchema>;
export type RegistrationInput = z.infer<typeof registrationSchema>;

/** Only same-site paths are followed after sign-in: never another host. */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return fallback;
  }
  return value;
}
