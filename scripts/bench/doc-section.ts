import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

const DOC = path.resolve('docs/performance.md');

/**
 * Replaces what stands between `<!-- name:start -->` and `<!-- name:end -->` in
 * docs/performance.md (added at the end, under `heading`, when the markers are missing),
 * formatted the way the format check expects, so a bench run never breaks `npm test`.
 */
export async function writeDocSection(name: string, text: string, heading?: string): Promise<void> {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  let current = readFileSync(DOC, 'utf8');
  if (!current.includes(start)) {
    if (!heading) throw new Error(`docs/performance.md lacks the ${name} markers`);
    current += `\n## ${heading}\n\n${start}\n${end}\n`;
  }
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const updated = `${current.slice(0, from + start.length)}\n${text}\n${current.slice(to)}`;
  await writeFormatted(DOC, updated);
}

/** Writes a file as Prettier would format it. */
export async function writeFormatted(file: string, text: string): Promise<void> {
  writeFileSync(file, await format(text, { ...(await resolveConfig(file)), filepath: file }));
}
