import type { FormAnswer } from '~/lib/form-answer';
import type { RefusedRow } from './parse-import';
import type { FieldChange, ImportPlan } from './plan-import';

/** A dry run as the console page shows it (the plan without the database rows behind it). */
export interface ImportReport {
  fileName: string;
  counts: ImportPlan['counts'];
  fileError?: string;
  created: { line: number; sku: string; name: string }[];
  updated: { line: number; sku: string; changes: FieldChange[] }[];
  refused: RefusedRow[];
  /** Set when the file can be written: what "Write these changes" posts back. */
  write?: { importId: string; digest: string };
}

export interface ImportAnswer extends FormAnswer {
  report?: ImportReport;
  written?: boolean;
}

export function importReport(
  fileName: string,
  plan: ImportPlan,
  write?: ImportReport['write'],
): ImportReport {
  return {
    fileName,
    counts: plan.counts,
    fileError: plan.fileError,
    created: plan.rows.flatMap((r) =>
      r.kind === 'create' ? [{ line: r.line, sku: r.sku, name: r.values.name }] : [],
    ),
    updated: plan.rows.flatMap((r) =>
      r.kind === 'update' ? [{ line: r.line, sku: r.sku, changes: r.changes }] : [],
    ),
    refused: plan.refused,
    write,
  };
}
