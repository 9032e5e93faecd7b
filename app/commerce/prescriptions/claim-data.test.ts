import { describe, expect, it } from 'vitest';
import {
  CLAIM_TEXT,
  lengthOfNeedText,
  npiIsValid,
  parseDiagnosisCodes,
  parseNpi,
  parsePrescribedOn,
  prescribedOnText,
} from './claim-data';
import { prescriberClaimSchema, uploadClaimSchema } from './prescription.schema';

/** The check digit CMS's method gives the first nine digits: Luhn over 80840 and them. */
function withCheckDigit(nine: string): string {
  for (let digit = 0; digit <= 9; digit++) if (npiIsValid(`${nine}${digit}`)) return `${nine}${digit}`;
  throw new Error('no check digit');
}

describe('the NPI check (Luhn with the 80840 prefix)', () => {
  it("accepts CMS's example 1234567893 and refuses any other last digit", () => {
    expect(npiIsValid('1234567893')).toBe(true);
    for (const last of '012456789') expect(npiIsValid(`123456789${last}`)).toBe(false);
  });

  it('finds exactly one check digit for any nine digits, and catches any single changed digit', () => {
    for (const nine of ['100000000', '987654321', '155555555', '299999999']) {
      const npi = withCheckDigit(nine);
      for (let at = 0; at < 10; at++) {
        const changed = `${npi.slice(0, at)}${(Number(npi[at]) + 1) % 10}${npi.slice(at + 1)}`;
        expect(npiIsValid(changed), changed).toBe(false);
      }
    }
  });

  it('says which is wrong: the form, or the check digit', () => {
    expect(parseNpi('1234 567 893')).toEqual({ ok: true, value: '1234567893' });
    expect(parseNpi('123456789')).toEqual({ ok: false, message: CLAIM_TEXT.npiFormat });
    expect(parseNpi('12345678a3')).toEqual({ ok: false, message: CLAIM_TEXT.npiFormat });
    expect(parseNpi('1234567890')).toEqual({ ok: false, message: CLAIM_TEXT.npiCheck });
  });
});

describe('ICD-10-CM diagnosis codes', () => {
  it('takes up to four codes, by commas or spaces, upper-cased, each once', () => {
    expect(parseDiagnosisCodes('g47.33, J44.9;E11  G47.33')).toEqual({
      ok: true,
      value: ['G47.33', 'J44.9', 'E11'],
    });
    expect(parseDiagnosisCodes('Z99.89 S72.001A')).toEqual({ ok: true, value: ['Z99.89', 'S72.001A'] });
  });

  it('names the code that is not one, and refuses a fifth', () => {
    for (const bad of ['G4.33', '47.33', 'G47.', 'G47.33333', 'GG7.3', 'G47-33']) {
      const parsed = parseDiagnosisCodes(`J44.9, ${bad}`);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.message).toContain(`"${bad}" is not an ICD-10 code`);
    }
    expect(parseDiagnosisCodes('A00, B01, C02, D03, E04')).toEqual({
      ok: false,
      message: CLAIM_TEXT.diagnosisTooMany,
    });
  });
});

describe('the date of the prescription and its length of need', () => {
  const now = Date.UTC(2026, 10, 29, 12);
  it('takes a real past day, and refuses a future one or a day that does not exist', () => {
    expect(parsePrescribedOn('2026-03-14', now)).toEqual({ ok: true, value: '2026-03-14' });
    expect(parsePrescribedOn('2026-11-30', now).ok).toBe(true);
    expect(parsePrescribedOn('2026-12-01', now)).toEqual({
      ok: false,
      message: CLAIM_TEXT.prescribedOnFuture,
    });
    expect(parsePrescribedOn('2026-02-30', now)).toEqual({
      ok: false,
      message: CLAIM_TEXT.prescribedOnFormat,
    });
    expect(parsePrescribedOn('03/14/2026', now)).toEqual({
      ok: false,
      message: CLAIM_TEXT.prescribedOnFormat,
    });
    expect(prescribedOnText('2026-03-14')).toBe('March 14, 2026');
  });

  it('writes 99 months as lifetime', () => {
    expect(lengthOfNeedText(99)).toBe('99 months (lifetime)');
    expect(lengthOfNeedText(1)).toBe('1 month');
    expect(lengthOfNeedText(12)).toBe('12 months');
  });
});

describe('the prescription form with its claim data', () => {
  it('takes every claim field empty, and each one checked when given', () => {
    expect(uploadClaimSchema.parse({})).toEqual({
      prescriberName: null,
      prescriberNpi: null,
      diagnosisCodes: [],
      prescribedOn: null,
      lengthOfNeed: null,
    });
    const parsed = prescriberClaimSchema.parse({
      prescriberName: 'Dr. Ada Lin',
      prescriberPhone: '503 555 0143',
      prescriberNpi: '1234567893',
      diagnosisCodes: 'g47.33',
      prescribedOn: '2025-01-02',
      lengthOfNeed: '99',
    });
    expect(parsed).toMatchObject({
      diagnosisCodes: ['G47.33'],
      lengthOfNeed: 99,
      prescriberNpi: '1234567893',
    });
  });

  it('answers each wrong field with its message, and refuses an unknown field', () => {
    const result = uploadClaimSchema.safeParse({
      prescriberNpi: '1234567890',
      lengthOfNeed: '0',
      extra: 'x',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((i) => [String(i.path[0] ?? i.code), i.message]),
    );
    expect(messages.prescriberNpi).toBe(CLAIM_TEXT.npiCheck);
    expect(messages.lengthOfNeed).toBe(CLAIM_TEXT.lengthOfNeedFormat);
    expect(Object.keys(messages)).toContain('unrecognized_keys');
  });
});
