import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { sessionUser } from '#server/auth/auth';
import { apiError, rateLimited } from '#server/http-error';
import type { AppBindings, AppServices } from '#server/types';
import {
  claimOf,
  prescriberClaimSchema,
  uploadClaimSchema,
} from '~/commerce/prescriptions/prescription.schema';
import { PRESCRIPTION_TEXT } from '~/commerce/prescriptions/prescriptions';
import {
  PrescriptionError,
  type PrescriptionInput,
  savePrescription,
} from '~/commerce/prescriptions/prescriptions.server';

/** A refused form: the first message, and one per field (an unknown field named). */
function refused(c: Context<AppBindings>, issues: readonly z.core.$ZodIssue[]) {
  const text = (issue: z.core.$ZodIssue) =>
    issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : issue.message;
  const fields = Object.fromEntries(issues.map((issue) => [issue.path.join('.') || 'form', text(issue)]));
  return apiError(c, 400, 'invalid_body', issues[0] ? text(issues[0]) : 'Invalid', fields);
}

/** A shopper never needs more than a few tries; a script sending files does. */
const UPLOAD_LIMIT = { limit: 30, windowMs: 10 * 60_000 };
const orderIdPattern = /^[0-9a-f-]{36}$/;

const kindSchema = z.enum(['upload', 'prescriber'], { error: 'Choose how to give your prescription' });

/**
 * POST /api/prescriptions/:orderId: the prescription of an order about to be paid, as
 * multipart/form-data: `kind` = upload with `file` (and optionally `prescriberName`), or
 * prescriber with `prescriberName` and `prescriberPhone`; with either, optionally, the claim
 * data `prescriberNpi`, `diagnosisCodes`, `prescribedOn`, `lengthOfNeed` (docs/decisions/0063).
 * Any other field is refused. The order is the asker's (as for paying it); the file is checked
 * by its bytes before anything is stored.
 */
export function prescriptionRoutes(services: AppServices) {
  const { database, auth, rateLimiter } = services;
  const app = new Hono<AppBindings>();

  app.use(async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  app.post('/:orderId', async (c) => {
    const orderId = c.req.param('orderId');
    if (!orderIdPattern.test(orderId)) return apiError(c, 404, 'not_found', 'This order does not exist.');
    const limit = await rateLimiter.hit(`prescription:ip:${c.get('clientIp')}`, UPLOAD_LIMIT);
    if (!limit.allowed) return rateLimited(c, limit.retryAfterSeconds);
    const form = await c.req.formData().catch(() => undefined);
    if (!form)
      return apiError(c, 400, 'invalid_body', 'Send the prescription as a form (multipart/form-data).');
    const kind = kindSchema.safeParse(form.get('kind'));
    if (!kind.success)
      return apiError(c, 400, 'invalid_body', kind.error.issues[0]?.message ?? 'Invalid', {
        kind: 'Choose how to give your prescription',
      });
    // The text fields, checked whole by the kind's schema (strict: an unknown field is refused).
    const fields: Record<string, FormDataEntryValue> = {};
    for (const [name, value] of form.entries()) if (name !== 'kind' && name !== 'file') fields[name] = value;
    let input: PrescriptionInput;
    if (kind.data === 'upload') {
      const parsed = uploadClaimSchema.safeParse(fields);
      if (!parsed.success) return refused(c, parsed.error.issues);
      const file = form.get('file');
      if (!(file instanceof File) || file.size === 0) {
        return apiError(c, 400, 'invalid_body', PRESCRIPTION_TEXT.fileMissing, {
          file: PRESCRIPTION_TEXT.fileMissing,
        });
      }
      input = {
        kind: 'upload',
        file,
        prescriberName: parsed.data.prescriberName,
        claim: claimOf(parsed.data),
      };
    } else {
      const parsed = prescriberClaimSchema.safeParse(fields);
      if (!parsed.success) return refused(c, parsed.error.issues);
      const { prescriberName, prescriberPhone } = parsed.data;
      input = { kind: 'prescriber', prescriberName, prescriberPhone, claim: claimOf(parsed.data) };
    }
    // Fresh: a revoked session must not add to an account's order from the cookie cache.
    const user = await sessionUser(auth, c.req.raw.headers, { fresh: true });
    try {
      await savePrescription(database.db, services.healthData, { orderId, userId: user?.id ?? null }, input);
    } catch (error) {
      if (!(error instanceof PrescriptionError)) throw error;
      const status = error.code === 'not_found' ? 404 : error.code === 'conflict' ? 409 : 400;
      return apiError(
        c,
        status,
        `prescription_${error.code}`,
        error.message,
        error.field ? { [error.field]: error.message } : undefined,
      );
    }
    return c.json({ saved: true }, 201);
  });

  return app;
}
