import { randomUUID } from 'node:crypto';
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import { catalogueStore } from '~/commerce/catalogue/catalogue-store.server';
import { IMPORT_TOO_LARGE, MAX_IMPORT_BYTES } from '~/commerce/catalogue/product-import-limits';
import { requireStaff, type StaffUser } from '~/console/staff-access.server';
import { answer, runIntent } from '~/lib/form-action.server';
import { type ImportAnswer, importReport } from './import-report';
import type { ImportPlan } from './plan-import';
import { dryRunImport, ImportChangedError, ImportRefusedError, writeImport } from './product-import.server';

/** An upload not written within a day is dropped at a later upload. */
const KEPT_FOR_MS = 24 * 60 * 60 * 1000;
/** More products than this changed at once: every instance reads the whole catalogue again. */
const READ_ALL_ABOVE = 500;

const writeSchema = z.strictObject({
  importId: z.uuid(),
  digest: z.string().regex(/^[\w-]{43}$/),
});

const refusedAnswer = (message: string) =>
  answer<ImportAnswer>({ intent: 'upload', ok: false, message }, { status: 400 });

async function readUpload(file: FormDataEntryValue | null): Promise<{ name: string; text: string } | string> {
  if (!(file instanceof File) || file.size === 0) return 'Choose a CSV file to import.';
  if (file.size > MAX_IMPORT_BYTES) return IMPORT_TOO_LARGE;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return 'The file is not UTF-8 text: save it from the spreadsheet as "CSV UTF-8".';
  }
  if (text.includes('\u0000')) return 'The file holds characters we cannot accept (it is not a CSV file).';
  return { name: file.name.slice(0, 200) || 'products.csv', text };
}

/** Keeps a file that can be written, for "Write these changes" (any instance may take it). */
async function keep(context: AppLoadContext, staff: StaffUser, name: string, text: string) {
  const { db } = context.services.database;
  const now = Date.now();
  await db
    .deleteFrom('product_imports')
    .where('created_at', '<', now - KEPT_FOR_MS)
    .execute();
  const id = randomUUID();
  await db
    .insertInto('product_imports')
    .values({ id, staff_id: staff.id, file_name: name, body: text, created_at: now })
    .execute();
  return id;
}

const refusedRows = (n: number) => (n === 1 ? '1 row is refused' : `${n} rows are refused`);

const writable = (plan: ImportPlan) => !plan.fileError && plan.counts.refused === 0;

async function upload(context: AppLoadContext, staff: StaffUser, form: FormData) {
  const file = await readUpload(form.get('file'));
  if (typeof file === 'string') return refusedAnswer(file);
  const plan = await dryRunImport(context.services.database.db, file.text);
  if (!writable(plan)) {
    return answer<ImportAnswer>(
      {
        intent: 'upload',
        ok: false,
        message: plan.fileError
          ? 'The file is refused whole: nothing can be written.'
          : `${refusedRows(plan.counts.refused)}: fix them and upload the file again. Nothing was written.`,
        report: importReport(file.name, plan),
      },
      { status: 400 },
    );
  }
  const importId = await keep(context, staff, file.name, file.text);
  return answer<ImportAnswer>({
    intent: 'upload',
    ok: true,
    message: 'Dry run done: nothing is written yet. Check the changes, then write them.',
    report: importReport(file.name, plan, { importId, digest: plan.digest }),
  });
}

async function write(context: AppLoadContext, staff: StaffUser, form: FormData) {
  const { db } = context.services.database;
  const posted = writeSchema.safeParse({ importId: form.get('importId'), digest: form.get('digest') });
  if (!posted.success) return refusedAnswer('Upload the file again: this form is not one the page made.');
  const { importId, digest } = posted.data;
  const kept = await db
    .selectFrom('product_imports')
    .select(['file_name', 'body'])
    .where('id', '=', importId)
    .where('staff_id', '=', staff.id)
    .executeTakeFirst();
  if (!kept)
    return refusedAnswer(
      'This import is no longer waiting (written already, or too old): upload the file again.',
    );
  try {
    const { plan, productIds } = await writeImport(db, staff, kept.body, {
      expectedDigest: digest,
      importId,
      fileName: kept.file_name,
    });
    await catalogueStore(context.services).changed(productIds.length > READ_ALL_ABOVE ? 'all' : productIds);
    const { create, update, unchanged } = plan.counts;
    return answer<ImportAnswer>({
      intent: 'write',
      ok: true,
      written: true,
      message: `Import written: ${create} created, ${update} updated, ${unchanged} unchanged. The storefront shows the changes now.`,
    });
  } catch (error) {
    if (!(error instanceof ImportChangedError || error instanceof ImportRefusedError)) throw error;
    // The catalogue moved on since the dry run: show the dry run as it is now.
    const plan = await dryRunImport(db, kept.body);
    return answer<ImportAnswer>(
      {
        intent: 'write',
        ok: false,
        message: `The catalogue changed since the dry run, so nothing was written.${
          writable(plan)
            ? ' Here is the dry run against the catalogue as it is now.'
            : ' These rows are now refused.'
        }`,
        report: importReport(
          kept.file_name,
          plan,
          writable(plan) ? { importId, digest: plan.digest } : undefined,
        ),
      },
      { status: 409 },
    );
  }
}

/** The action of /admin/product-import: upload (a dry run) and write. */
export async function productImportAction(context: AppLoadContext, request: Request) {
  const staff = await requireStaff(context, request);
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      upload: ({ form }) => upload(context, staff, form),
      write: ({ form }) => write(context, staff, form),
    },
  );
}
