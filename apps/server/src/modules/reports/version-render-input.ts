import { parseEvidenceRecord, parseStoredSection, type RenderReportInput, type SectionContent } from '@assay/report-engine';
import { sectionsFor, type Complexity } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { storedRecord } from './report-view.ts';

/**
 * What the engine needs to draw one stored version of a report again: its record, tier and
 * finished sections (in catalogue order) with the report's title, date and evidence. A shared
 * copy adds its watermark, a reviewed PDF the expert's review (decision 233). `missing` says why
 * it cannot be drawn: no such version, or none with a confirmed record.
 */
export async function loadVersionForRender(
  db: Queryable,
  reportId: string,
  n: number,
): Promise<{ input: RenderReportInput } | { missing: 'version' | 'record' }> {
  const v = (
    await db.query<{
      complexity: Complexity;
      record: unknown;
      sections: Record<string, unknown>;
      title: string;
      created_at: Date;
      evidence: unknown;
      provider: string | null;
    }>(
      `SELECT v.complexity, v.record, v.sections, r.title, r.created_at, r.evidence, r.provider
       FROM report_versions v JOIN reports r ON r.id = v.report_id WHERE v.report_id = $1 AND v.n = $2`,
      [reportId, n],
    )
  ).rows[0];
  if (!v) return { missing: 'version' };
  const record = storedRecord(v.record);
  if (!record) return { missing: 'record' };
  const sections = sectionsFor(v.complexity).flatMap((d) => {
    const s = parseStoredSection(v.sections[d.key]);
    return s ? [s as SectionContent] : [];
  });
  return {
    input: {
      reportId,
      title: v.title,
      record,
      complexity: v.complexity,
      createdAt: v.created_at,
      sections,
      offline: v.provider === 'offline',
      evidence: parseEvidenceRecord(v.evidence),
      version: n,
    },
  };
}
