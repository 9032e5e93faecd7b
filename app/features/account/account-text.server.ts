import { REGISTERED, RESET_INVALID, UNVERIFIED } from './account-forms';

/** What the account actions answer, word for word what the forms said before they posted. */
export const ACCOUNT_TEXT = {
  loginFailed: 'Invalid email or password',
  unverified: UNVERIFIED,
  registered: REGISTERED,
  registrationFailed: 'Failed to create account',
  resetSent: 'If an account exists for that email, we sent a link to reset your password.',
  resetDone: 'Your password has been reset. Please sign in.',
  resetFailed: 'We could not reset your password. Please try again.',
  resetInvalid: RESET_INVALID,
  verificationSent: 'Confirmation email sent. Check your inbox.',
  verificationFailed: 'We could not send the email. Please try again.',
  codeInvalid: 'That code is not valid. Please try again.',
  signInCodeSent: (email: string) =>
    `We sent a 6-digit code to ${email}. It works once, within 10 minutes. Check your spam folder if it does not arrive.`,
  signInLinkSent: (email: string) =>
    `We sent a sign-in link to ${email}. It works once, within 10 minutes. Open it on this device or any other.`,
  phoneCodeSent: (phoneNumber: string) =>
    `We texted a 6-digit code to ${phoneNumber}. It works once, within 10 minutes.`,
  phoneCodeFailed:
    'That code is not valid or has expired. Check the latest text message, or ask for a new code.',
  twoFactorCodeTexted:
    'We texted a 6-digit code to the mobile number on your account. It works once, within 10 minutes.',
  emailChangeSent: (email: string) =>
    `We sent a link to ${email}. Your account's email address changes when you open it, within 24 hours.`,
  emailChangeFailed: 'We could not send the link. Please check the address and try again.',
  phoneSaved: 'Your mobile number is saved. You can sign in with a code texted to it.',
  phoneRemoved: 'Your mobile number was removed.',
  providerFailed: 'Signing in with that service did not work. Please try again, or sign in another way.',
  noOrganisation:
    'We could not find an organisation sign-in for that email address. Please sign in another way below.',
  identityRemoved: 'That sign-in method was removed from your account.',
  identityRemoveFailed: 'We could not remove that sign-in method. Please try again.',
  lastIdentity: 'This is the only way left to sign in to your account, so it cannot be removed.',
  phoneSendFailed: 'We could not send a text message to that number. Please check it and try again.',
  signInCodeFailed: 'That code is not valid or has expired. Check the latest email, or ask for a new code.',
  signInLinkInvalid: 'This sign-in link has expired or was already used. Ask for a new one below.',
  nameSaved: 'Thank you. Your name is saved.',
  identityConfirmed: 'Thank you. For the next 10 minutes you can change how you sign in.',
  reauthRequired: 'Please confirm it is you to continue.',
  currentCodeInvalid: 'That code is not valid. Enter the current code from your app.',
  profileUpdated: 'Profile updated',
  profileFailed: 'We could not update your profile. Please try again.',
  passwordChanged: 'Password changed. Your other devices were signed out.',
  passwordWrong: 'Your current password is not correct',
  passwordFailed: 'We could not change your password. Please try again.',
  twoFactorOff: 'Two-factor authentication is now off.',
  twoFactorOffFailed: 'We could not turn off two-factor authentication.',
  othersSignedOut: 'Your other devices were signed out.',
  othersFailed: 'We could not sign out your other devices. Please try again.',
  everywhereFailed: 'We could not sign you out everywhere. Please try again.',
} as const;
