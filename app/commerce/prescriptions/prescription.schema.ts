import { z } from 'zod';
import { usPhoneSchema } from '../delivery/address.schema';
import {
  type ClaimData,
  type Parsed,
  parseDiagnosisCodes,
  parseLengthOfNeed,
  parseNpi,
  parsePrescribedOn,
} from './claim-data';

const prescriberName = z
  .string({ error: "Enter the prescriber's name" })
  .trim()
  .min(2, "Enter the prescriber's name")
  .max(120, "The prescriber's name must be at most 120 characters")
  .refine(
    (value) => ![...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f),
    "The prescriber's name contains characters we cannot print",
  );

/** The prescriber's details, when the buyer gives them instead of a file. */
export const prescriberSchema = z.strictObject({
  prescriberName,
  prescriberPhone: usPhoneSchema,
});

/** An optional field: empty or absent is null, anything else must parse. */
function optional<T>(parse: (value: string) => Parsed<T>) {
  return z
    .string({ error: 'Enter text here, or leave it empty' })
    .trim()
    .max(200, 'This is too long: leave it empty or shorten it')
    .optional()
    .transform((raw, ctx): T | null => {
      if (!raw) return null;
      const parsed = parse(raw);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    });
}

/** What a claim needs (docs/decisions/0063): each part optional, each checked when given. */
const claimShape = {
  prescriberNpi: optional(parseNpi),
  diagnosisCodes: optional(parseDiagnosisCodes).transform((codes) => codes ?? []),
  prescribedOn: optional((raw) => parsePrescribedOn(raw)),
  lengthOfNeed: optional(parseLengthOfNeed),
};

export const claimSchema = z.strictObject(claimShape);

/** An uploaded prescription: the claim data and, optionally, the prescriber's name. */
export const uploadClaimSchema = z.strictObject({
  ...claimShape,
  prescriberName: optional((raw) => {
    const parsed = prescriberName.safeParse(raw);
    return parsed.success
      ? { ok: true, value: parsed.data }
      : { ok: false, message: parsed.error.issues[0]?.message ?? "Enter the prescriber's name" };
  }),
});

/** The prescriber to call, and the claim data. */
export const prescriberClaimSchema = z.strictObject({ ...prescriberSchema.shape, ...claimShape });

/** The claim part of a parsed form. */
export function claimOf(parsed: z.output<typeof claimSchema>): ClaimData {
  return {
    prescriberNpi: parsed.prescriberNpi,
    diagnosisCodes: parsed.diagnosisCodes,
    prescribedOn: parsed.prescribedOn,
    lengthOfNeed: parsed.lengthOfNeed,
  };
}

/** Why staff do not accept a prescription: the buyer reads it in the mail. */
export const rejectionSchema = z.strictObject({
  reason: z
    .string({ error: 'Say why the prescription is not accepted' })
    .trim()
    .min(5, 'Say why the prescription is not accepted (at least 5 characters)')
    .max(1000, 'The reason must be at most 1,000 characters'),
});
