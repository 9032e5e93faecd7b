import { describe, expect, it } from 'vitest';
import { auditVerdict } from './audit';

const report = (
  vulnerabilities: Record<string, number>,
  packages: Record<string, { severity: string }> = {},
) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: packages,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...vulnerabilities } },
  });

describe('auditVerdict', () => {
  it('passes a report without high or critical advisories', () => {
    expect(auditVerdict(report({ moderate: 2, total: 2 }))).toMatchObject({ kind: 'ok' });
  });

  it('fails on high or critical, naming the packages', () => {
    const verdict = auditVerdict(
      report(
        { high: 1, critical: 1 },
        { a: { severity: 'high' }, b: { severity: 'critical' }, c: { severity: 'low' } },
      ),
    );
    expect(verdict).toEqual(
      expect.objectContaining({ kind: 'vulnerable', packages: ['a (high)', 'b (critical)'] }),
    );
  });

  it('reports an unavailable endpoint (the 405 of some registries) instead of failing', () => {
    const output = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    });
    expect(auditVerdict(output)).toEqual({
      kind: 'unavailable',
      reason: expect.stringContaining('405 Method Not Allowed') as string,
    });
    expect(auditVerdict('')).toMatchObject({ kind: 'unavailable' });
  });
});
