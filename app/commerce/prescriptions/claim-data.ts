/**
 * What an insurer or Medicare needs on a claim for prescribed equipment (issue 35, point 2;
 * docs/decisions/0063): the prescriber's NPI, the ICD-10-CM diagnosis codes, the date of the
 * prescription and its length of need. Every one is optional; each is checked here, by the
 * checkout form and by the server alike. Pure rules, no I/O.
 */

/** At most this many diagnosis codes: a claim line points at up to four. */
export const MAX_DIAGNOSIS_CODES = 4;
/** Medicare's length of need for "lifetime" is 99 months. */
export const LIFETIME_MONTHS = 99;
/** No prescription of this store's is older than this (a typing slip, not a prescription). */
const EARLIEST_PRESCRIPTION = '1970-01-01';

export const CLAIM_TEXT = {
  legend: 'For your insurance claim (optional)',
  explain:
    'Fill these in from your prescription and we print them on the insurance statement you can send with your claim. You can leave any of them empty.',
  prescriberName: "Prescriber's name",
  npi: "Prescriber's NPI",
  npiHint: 'The 10-digit National Provider Identifier on the prescription.',
  npiFormat: "Enter the prescriber's NPI as 10 digits, or leave it empty",
  npiCheck:
    'This NPI is not valid: its last digit does not match the others. Check the 10 digits on the prescription.',
  diagnosis: 'Diagnosis codes (ICD-10)',
  diagnosisHint: 'As on the prescription, such as G47.33. Up to 4, separated by commas.',
  diagnosisTooMany: 'Enter at most 4 diagnosis codes',
  diagnosisTooLong: 'Enter at most 4 diagnosis codes, such as G47.33, J44.9',
  prescribedOn: 'Date of the prescription',
  prescribedOnFormat: 'Enter the date of the prescription, such as 2026-03-14',
  prescribedOnFuture: 'The date of the prescription cannot be in the future',
  prescribedOnTooOld: 'Enter the date of the prescription: this date is too long ago',
  lengthOfNeed: 'Length of need (months)',
  lengthOfNeedHint: 'From 1 to 99 months, as the prescription says. 99 means lifetime, as Medicare uses.',
  lengthOfNeedFormat: 'Enter the length of need in whole months from 1 to 99 (99 means lifetime)',
} as const;

/** The claim data of a prescription, as kept and shown (each part may be missing). */
export interface ClaimData {
  prescriberNpi: string | null;
  diagnosisCodes: string[];
  /** YYYY-MM-DD. */
  prescribedOn: string | null;
  /** Months, 1-99; 99 is lifetime. */
  lengthOfNeed: number | null;
}

export const NO_CLAIM_DATA: ClaimData = {
  prescriberNpi: null,
  diagnosisCodes: [],
  prescribedOn: null,
  lengthOfNeed: null,
};

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * An NPI's check digit (CMS, "NPI check digit"): the Luhn formula over the NPI prefixed with
 * 80840, the health industry's card issuer prefix, so the 10 digits pass Luhn with it.
 */
export function npiIsValid(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The NPI as typed (spaces and dashes allowed between the digits). */
export function parseNpi(raw: string): Parsed<string> {
  const npi = raw.replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(npi)) return { ok: false, message: CLAIM_TEXT.npiFormat };
  if (!npiIsValid(npi)) return { ok: false, message: CLAIM_TEXT.npiCheck };
  return { ok: true, value: npi };
}

/** An ICD-10-CM code: a letter, a digit, a letter or digit, then a dot and 1-4 letters or digits. */
export const ICD10_CODE = /^[A-Z]\d[A-Z0-9](\.[A-Z0-9]{1,4})?$/;

/** Several codes, separated by commas, semicolons or spaces; each checked, none twice. */
export function parseDiagnosisCodes(raw: string): Parsed<string[]> {
  if (raw.length > 60) return { ok: false, message: CLAIM_TEXT.diagnosisTooLong };
  const codes = [
    ...new Set(
      raw
        .toUpperCase()
        .split(/[\s,;]+/)
        .filter(Boolean),
    ),
  ];
  const wrong = codes.find((code) => !ICD10_CODE.test(code));
  if (wrong !== undefined) {
    return {
      ok: false,
      message: `"${wrong}" is not an ICD-10 code: enter a letter, a digit, a letter or digit, then a dot and up to 4 more, such as G47.33`,
    };
  }
  if (codes.length > MAX_DIAGNOSIS_CODES) return { ok: false, message: CLAIM_TEXT.diagnosisTooMany };
  return { ok: true, value: codes };
}

/** YYYY-MM-DD of a real day, not after `today` (the asker's day may be one ahead of UTC's). */
export function parsePrescribedOn(raw: string, now = Date.now()): Parsed<string> {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!day || day.toISOString().slice(0, 10) !== raw) {
    return { ok: false, message: CLAIM_TEXT.prescribedOnFormat };
  }
  const latest = new Date(now + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  if (raw > latest) return { ok: false, message: CLAIM_TEXT.prescribedOnFuture };
  if (raw < EARLIEST_PRESCRIPTION) return { ok: false, message: CLAIM_TEXT.prescribedOnTooOld };
  return { ok: true, value: raw };
}

export function parseLengthOfNeed(raw: string): Parsed<number> {
  const months = /^\d{1,2}$/.test(raw) ? Number(raw) : 0;
  if (months < 1 || months > LIFETIME_MONTHS) return { ok: false, message: CLAIM_TEXT.lengthOfNeedFormat };
  return { ok: true, value: months };
}

/** "12 months", "1 month", "99 months (lifetime)". */
export function lengthOfNeedText(months: number): string {
  if (months === LIFETIME_MONTHS) return `${LIFETIME_MONTHS} months (lifetime)`;
  return months === 1 ? '1 month' : `${months} months`;
}

/** "March 14, 2026" for 2026-03-14 (a calendar day: no time zone moves it). */
export function prescribedOnText(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export function hasClaimData(claim: ClaimData): boolean {
  return (
    claim.prescriberNpi !== null ||
    claim.diagnosisCodes.length > 0 ||
    claim.prescribedOn !== null ||
    claim.lengthOfNeed !== null
  );
}
