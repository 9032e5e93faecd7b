/**
 * Tax exemption certificates (docs/decisions/0057): the words and dates the organisation's page,
 * the console and checkout share. An approved organisation's verified, unexpired certificate for
 * the state an order ships to takes the sales tax off that order.
 */

export const CERTIFICATE_STATUSES = {
  pending: 'Waiting for review',
  verified: 'Verified',
  refused: 'Refused',
} as const;
export type CertificateStatus = keyof typeof CERTIFICATE_STATUSES;

/** Days before its expiry that the organisation's admins are reminded, once. */
export const REMINDER_DAYS = 30;

export const CERTIFICATE_TEXT = {
  fileMissing: 'Choose the certificate file',
  tooLarge: 'This file is larger than 10 MB. Choose a smaller one.',
  wrongKind: 'Choose a PDF, JPEG or PNG file of the certificate.',
  notWhatItClaims:
    'This file is not the PDF, JPEG or PNG its name or type says it is. Choose the certificate file again.',
  unreadable: 'This file could not be read. Choose another PDF, JPEG or PNG file.',
  stateMissing: 'Choose the state the certificate is for',
  notAdmin: "Only the organisation's admins can upload certificates.",
  notPending: 'This certificate has already been decided.',
} as const;

/** One certificate as the organisation's page and the console list it (never its file). */
export interface CertificateView {
  id: string;
  organisationId: string;
  organisationName: string;
  state: string;
  fileName: string;
  size: number;
  status: CertificateStatus;
  number: string | null;
  expiresOn: string | null;
  refusalReason: string | null;
  createdAt: number;
  /** Verified and its expiry date not passed: orders shipping to its state carry no tax. */
  exempts: boolean;
}

/** A yyyy-mm-dd date `days` later (or earlier). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** "December 31, 2027" for a yyyy-mm-dd date. */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    dateStyle: 'long',
  });
}

/** A certificate exempts through its expiry date (that whole day), not after. */
export const stillValid = (expiresOn: string | null, today: string) =>
  expiresOn !== null && expiresOn >= today;

export const TAX_EXEMPTION_PATH = '/account/organisation/tax-exemption';
export const consoleCertificatePath = (id: string) => `/admin/tax-certificates/${id}`;
export const consoleCertificateFilePath = (id: string) => `/admin/tax-certificates/${id}/file`;
