import { buildReportPlan, figureStatement, figureText, figuresFromNote, sectionsStating, statedPrice } from '@assay/report-engine';
import { formatCount, isSectionKey, REPORT_MESSAGES, sectionsFor, type RegenerateSectionResponse } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { findReport } from './find-report.ts';
import { storedRecord, toReportView } from './report-view.ts';
import { lockReport, startRun } from './start-run.ts';

/**
 * "This section is wrong…": the section is rewritten with the member's note, at
 * SECTION_REWRITE_TOKENS, as a new version; the rest of the report stays as it is. A shared figure
 * the note states (the launch year, the price, a count or a performance figure the record holds)
 * becomes the member's figure in the record, so the plan every
 * section follows carries it; each other section that states the old figure is rewritten too, in
 * the same run and for the same price, so no two sections disagree. The answer says which.
 */
export async function regenerateSection(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  id: string,
  userId: string,
  sectionKey: string,
  note: string,
): Promise<RegenerateSectionResponse> {
  const result = await deps.db.transaction(async (tx) => {
    const report = await lockReport(tx, id, userId);
    const defs = sectionsFor(report.complexity);
    const def = isSectionKey(sectionKey) ? defs.find((d) => d.key === sectionKey) : undefined;
    if (!def) throw notFound(REPORT_MESSAGES.sectionNotFound, 'section_not_found');
    if (report.status !== 'completed')
      throw conflict(report.status === 'processing' ? REPORT_MESSAGES.stillRunning : REPORT_MESSAGES.notCompleted, 'not_completed');

    const row = (await tx.query<{ record: unknown }>('SELECT record FROM reports WHERE id = $1', [id])).rows[0]!;
    const record = storedRecord(row.record);
    const figures: RegenerateSectionResponse['figures'] = [];
    let also: string[] = [];
    if (record) {
      const { record: next, changes } = figuresFromNote(note, record);
      if (changes.length) {
        const now = new Date();
        const [was, will] = [buildReportPlan(record, now), buildReportPlan(next, now)];
        // What the sections state today, to find every section that must say the new value.
        const stale: Array<string | RegExp> = [];
        for (const change of changes) {
          if (change.figure === 'launch year') {
            figures.push({ figure: 'launch year', from: String(was.launchCalendarYear), to: String(will.launchCalendarYear) });
            stale.push(String(was.launchCalendarYear));
          } else if (change.figure === 'record') {
            figures.push({ figure: change.what, from: change.from ? figureText(change.from) : null, to: figureText(change.to) });
            // A count or a measure is found with what it counts or its unit, never as a bare number.
            if (change.from) stale.push(figureStatement(change.from));
          } else {
            const old = statedPrice(record);
            figures.push({
              figure: 'price',
              from: old ? `${formatCount(old.value)} ${old.unit}` : null,
              to: `${formatCount(change.to)} ${change.unit}`,
            });
            // A price stated before is found by its value; a first price by the sections that speak of price.
            stale.push(...(old ? [String(old.value), formatCount(old.value)] : ['price', 'Price']));
          }
        }
        const stored = await tx.query<{ key: string; content: unknown }>('SELECT key, content FROM report_sections WHERE report_id = $1', [
          id,
        ]);
        also = sectionsStating(
          stored.rows.map((s) => [s.key, s.content] as const),
          [...new Set(stale)],
        ).filter((k) => k !== def.key);
        await tx.query('UPDATE reports SET record = $2 WHERE id = $1', [id, JSON.stringify(next)]);
      }
    }
    const rewritten = defs.filter((d) => d.key === def.key || also.includes(d.key));
    const price = deps.config.SECTION_REWRITE_TOKENS;
    const others = rewritten.filter((d) => d.key !== def.key).map((d) => `'${d.title}'`);
    const moved = figures.map((f) => `${f.figure} ${f.from ?? 'not stated'} → ${f.to}`).join(', ');
    const change = `Section '${def.title}' rewritten from your note${moved ? `; ${moved}${others.length ? `, also updated in ${others.join(', ')}` : ''}` : ''}`;
    await startRun(tx, deps.queue, report, {
      kind: 'section',
      amount: price,
      purpose: `Section '${def.title}' rewritten`,
      detail: { section: def.key, note, change: change.slice(0, 500) },
      rewrite: rewritten.map((d) => d.key),
    });
    return { sections: rewritten.map((d) => ({ key: d.key, title: d.title })), figures, tokens: price };
  });
  return { report: toReportView(await findReport(deps.db, id, userId)), ...result };
}
