/**
 * Prescriptions (docs/decisions/0025): rules shared by the checkout dialog and the server.
 * Oxygen concentrators, CPAP and BiPAP machines and some hospital beds are sold only against a
 * prescription: the buyer uploads it or names the prescriber; the card is authorised, not
 * charged, until staff approve it.
 */

import type { ClaimData } from './claim-data';

export const MAX_PRESCRIPTION_BYTES = 10 * 1024 * 1024;

/** The kinds of file we take, by what their bytes say, with the types and names that go with them. */
export const PRESCRIPTION_FILE_KINDS = {
  pdf: { contentType: 'application/pdf', extensions: ['pdf'] },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { contentType: 'image/png', extensions: ['png'] },
} as const;
export type PrescriptionFileKind = keyof typeof PRESCRIPTION_FILE_KINDS;

/** The file picker's filter (a hint only: the server reads the bytes). */
export const PRESCRIPTION_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export type PrescriptionKind = 'upload' | 'prescriber';
export type PrescriptionStatus = 'submitted' | 'approved' | 'rejected';

export const PRESCRIPTION_TEXT = {
  legend: 'Prescription',
  explain:
    'Something in your order needs a prescription. Your card is authorised now and charged only when our team has approved the prescription.',
  upload: 'Upload my prescription',
  uploadHint: 'A PDF, JPEG or PNG file of up to 10 MB.',
  prescriber: "Give my prescriber's name and phone",
  prescriberHint: 'We call the prescriber to confirm the prescription.',
  fileMissing: 'Choose your prescription file',
  tooLarge: 'This file is larger than 10 MB. Choose a smaller one, or give your prescriber’s details.',
  wrongKind: 'Choose a PDF, JPEG or PNG file of your prescription.',
  notWhatItClaims:
    'This file is not the PDF, JPEG or PNG its name or type says it is. Choose the prescription file again.',
  unreadable: 'This file could not be read. Choose another PDF, JPEG or PNG file.',
  cardOnly:
    'Items that need a prescription are paid by card: the card is authorised now and charged when the prescription is approved. Please choose Credit/Debit Card.',
  missing: 'Please add your prescription (a file, or your prescriber’s name and phone) before paying.',
  notNeeded: 'Nothing in this order needs a prescription.',
  closed: 'This order can no longer be changed.',
  authorised: 'Your card is authorised, not charged. We charge it once your prescription is approved.',
} as const;

export const PRESCRIPTION_STATUS_TEXT: Record<PrescriptionStatus, string> = {
  submitted: 'Awaiting review',
  approved: 'Approved',
  rejected: 'Not accepted',
};

/** What a prescription is, without its file: for the buyer's order page and the console. */
export interface PrescriptionView {
  kind: PrescriptionKind;
  fileName: string | null;
  size: number | null;
  prescriberName: string | null;
  prescriberPhone: string | null;
  /** What an insurance claim needs, as the buyer gave it (docs/decisions/0063). */
  claim: ClaimData;
  status: PrescriptionStatus;
  reason: string | null;
  createdAt: number;
  reviewedAt: number | null;
}

/** What the first bytes say the file is. A PDF must also end like one (a cut file does not). */
export function sniffPrescription(bytes: Uint8Array): PrescriptionFileKind | undefined {
  const at = (i: number) => bytes[i];
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 8 && ascii(0, 5) === '%PDF-') {
    return ascii(Math.max(0, bytes.length - 1024), bytes.length).includes('%%EOF') ? 'pdf' : undefined;
  }
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return 'png';
  return undefined;
}

/**
 * Whether what the browser said of the file (its name's extension, its type) agrees with what
 * its bytes are. An empty type or a name without an extension says nothing, so cannot disagree.
 */
export function claimsAgree(kind: PrescriptionFileKind, fileName: string, contentType: string): boolean {
  const { contentType: expected, extensions } = PRESCRIPTION_FILE_KINDS[kind];
  const extension = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toLowerCase();
  const extensionOk = extension === undefined || (extensions as readonly string[]).includes(extension);
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const typeOk = type === '' || type === 'application/octet-stream' || type === expected;
  return extensionOk && typeOk;
}

/** A file name safe to echo back: its last path part, printable, at most 120 characters. */
export function cleanFileName(name: string, kind: PrescriptionFileKind): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c !== '"' && c.charCodeAt(0) !== 0x7f);
  const cleaned = printable.join('').trim().slice(-120);
  return cleaned || `prescription.${PRESCRIPTION_FILE_KINDS[kind].extensions[0]}`;
}

/** Where the buyer downloads the prescription they gave for an order. */
export const prescriptionPath = (reference: string) => `/account/orders/${reference}/prescription`;
/** Where staff download it. */
export const consolePrescriptionPath = (reference: string) => `/admin/orders/${reference}/prescription`;
/** Where the buyer downloads the order's insurance statement (docs/decisions/0063). */
export const statementPath = (reference: string) => `/account/orders/${reference}/insurance-statement.pdf`;
/** Where staff download it (an audited read of health data). */
export const consoleStatementPath = (reference: string) =>
  `/admin/orders/${reference}/insurance-statement.pdf`;
