import type { ImportPlan } from './plan-import';

/** The dry run as lines of text, for the command line: every change and every refused row. */
export function importPlanLines(plan: ImportPlan): string[] {
  if (plan.fileError) return [`Refused whole: ${plan.fileError}`];
  const lines: string[] = [];
  for (const row of plan.rows) {
    if (row.kind === 'create') lines.push(`line ${row.line} ${row.sku}: create "${row.values.name}"`);
    if (row.kind === 'update') {
      const changes = row.changes.map((c) => `${c.field} ${c.from || '(empty)'} -> ${c.to || '(empty)'}`);
      lines.push(`line ${row.line} ${row.sku}: update ${changes.join(', ')}`);
    }
  }
  for (const row of plan.refused) lines.push(`line ${row.line} ${row.sku}: REFUSED ${row.reason}`);
  const { create, update, unchanged, refused } = plan.counts;
  lines.push(`${create} to create, ${update} to update, ${unchanged} unchanged, ${refused} refused.`);
  return lines;
}
