import { ENDPOINT_TABLE, type LimitRule } from '../../server/auth/endpoint-table';

/** The markers around the generated table in docs/security.md. */
export const TABLE_START =
  '<!-- endpoint-table:start: from server/auth/endpoint-table.ts, checked by tests/hardening/auth-endpoints.test.ts -->';
export const TABLE_END = '<!-- endpoint-table:end -->';

function describeRule(rule: LimitRule): string {
  const window =
    rule.windowMs >= 3_600_000 ? `${rule.windowMs / 3_600_000} h` : `${rule.windowMs / 60_000} min`;
  const who = rule.per === 'ip' ? 'IP' : 'identity';
  const what = rule.counter ? ` (${rule.counter}${rule.failuresOnly ? ', failures only' : ''})` : '';
  return `${rule.limit}/${window} per ${who}${what}`;
}

/** The endpoint table as docs/security.md shows it: one row per path, from the code. */
export function endpointTableMarkdown(): string {
  const rows = [...ENDPOINT_TABLE]
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((e) => {
      const access =
        e.access === 'closed'
          ? `closed (404)${e.rules.length ? `; on the server: ${e.rules.map(describeRule).join('; ')}` : ''}`
          : e.rules.map(describeRule).join('; ');
      const identity = e.identity ?? '-';
      return `| \`${e.path}\` | ${e.methods.join(', ')} | ${access} | ${identity} | ${e.usedBy} |`;
    });
  return [
    '| path | method | closed, or its limits | identity | used by |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** The cells of a Markdown table, whatever its column padding (prettier aligns them). */
export function tableCells(markdown: string): string[][] {
  return markdown
    .trim()
    .split('\n')
    .filter((line) => !/^\|[\s|:-]+\|$/.test(line.trim()))
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
}
