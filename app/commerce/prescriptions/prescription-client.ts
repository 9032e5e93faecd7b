import { MAX_PRESCRIPTION_BYTES, PRESCRIPTION_FILE_KINDS, PRESCRIPTION_TEXT } from './prescriptions';

/** The claim fields as typed (docs/decisions/0063): every one may stay empty. */
export interface ClaimValues {
  prescriberNpi: string;
  diagnosisCodes: string;
  prescribedOn: string;
  lengthOfNeed: string;
}

export const EMPTY_CLAIM: ClaimValues = {
  prescriberNpi: '',
  diagnosisCodes: '',
  prescribedOn: '',
  lengthOfNeed: '',
};

/**
 * What the buyer chose in the checkout form: a file (and, optionally, who prescribed it), or the
 * prescriber to call; with either, what an insurance claim needs.
 */
export type PrescriptionChoice = (
  | { kind: 'upload'; file: File | null; prescriberName: string }
  | { kind: 'prescriber'; prescriberName: string; prescriberPhone: string }
) & { claim: ClaimValues };

const EXTENSIONS: readonly string[] = Object.values(PRESCRIPTION_FILE_KINDS).flatMap(
  (kind) => kind.extensions,
);

/** What the browser can tell before sending (the server reads the bytes): a file, its size, its name. */
export function prescriptionFileError(file: File | null): string | undefined {
  if (!file || file.size === 0) return PRESCRIPTION_TEXT.fileMissing;
  if (file.size > MAX_PRESCRIPTION_BYTES) return PRESCRIPTION_TEXT.tooLarge;
  const extension = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1]?.toLowerCase();
  if (extension && !EXTENSIONS.includes(extension)) return PRESCRIPTION_TEXT.wrongKind;
  return undefined;
}

export type UploadOutcome = { ok: true } | { ok: false; message: string; fields?: Record<string, string> };

/** Sends the prescription of an order about to be paid (multipart: the file goes as it is). */
export async function sendPrescription(orderId: string, choice: PrescriptionChoice): Promise<UploadOutcome> {
  const form = new FormData();
  form.set('kind', choice.kind);
  if (choice.kind === 'upload') {
    if (choice.file) form.set('file', choice.file);
    if (choice.prescriberName.trim()) form.set('prescriberName', choice.prescriberName);
  } else {
    form.set('prescriberName', choice.prescriberName);
    form.set('prescriberPhone', choice.prescriberPhone);
  }
  // Only what was typed: an empty field is not sent.
  for (const [name, value] of Object.entries(choice.claim)) if (value.trim()) form.set(name, value);
  let response: Response;
  try {
    response = await fetch(`/api/prescriptions/${encodeURIComponent(orderId)}`, {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, message: 'We could not reach the store. Check your connection and try again.' };
  }
  if (response.ok) return { ok: true };
  const body = (await response.json().catch(() => undefined)) as
    { error?: { message?: string; fields?: Record<string, string> } } | undefined;
  return {
    ok: false,
    message:
      body?.error?.message ??
      (response.status === 413
        ? PRESCRIPTION_TEXT.tooLarge
        : 'Your prescription could not be sent. Please try again.'),
    fields: body?.error?.fields,
  };
}
