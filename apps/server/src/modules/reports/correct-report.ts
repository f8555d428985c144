import { correctionPrice, REPORT_MESSAGES, type InventionRecord, type Report } from '@assay/shared';
import { isDeepStrictEqual } from 'node:util';
import type { Deps } from '../../deps.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { findReport } from './find-report.ts';
import { storedRecord, toReportView } from './report-view.ts';
import { lockReport, startRun } from './start-run.ts';

/** The record's parts in the member's words, for "what changed". */
const FIELD_NAMES: Partial<Record<keyof InventionRecord, string>> = {
  name: 'name',
  summary: 'what it is',
  field: 'field',
  features: 'key features',
  stage: 'stage',
  ip: 'patent status',
  applications: 'applications',
  customers: 'customers',
  licensees: 'licensees',
  figures: 'figures',
};

/**
 * "Correct what we understood" on a completed report: the member's corrected record is stored as
 * confirmed and the whole report is rewritten on it (a new plan and every section; the evidence
 * found is reused) at REPORT_CORRECTION_PERCENT of the tier's price, as a new version. A record
 * identical to the current one changes nothing (422): nobody pays to rewrite the same facts.
 */
export async function correctReport(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  id: string,
  userId: string,
  record: InventionRecord,
): Promise<Report> {
  await deps.db.transaction(async (tx) => {
    const report = await lockReport(tx, id, userId);
    if (report.status !== 'completed')
      throw conflict(report.status === 'processing' ? REPORT_MESSAGES.stillRunning : REPORT_MESSAGES.notCompleted, 'not_completed');
    const current = (await tx.query<{ record: unknown }>('SELECT record FROM reports WHERE id = $1', [id])).rows[0]?.record;
    const before = storedRecord(current);
    const changed = before
      ? (Object.keys(FIELD_NAMES) as Array<keyof InventionRecord>)
          .filter((k) => !isDeepStrictEqual(before[k], record[k]))
          .map((k) => FIELD_NAMES[k]!)
      : ['the whole record'];
    if (before && changed.length === 0 && isDeepStrictEqual(before, record)) {
      throw new AppError(422, REPORT_MESSAGES.recordUnchanged, 'record_unchanged');
    }
    await tx.query('UPDATE reports SET record = $2, record_confirmed = true WHERE id = $1', [id, JSON.stringify(record)]);
    await startRun(tx, deps.queue, report, {
      kind: 'correct',
      amount: correctionPrice(report.complexity, deps.config.REPORT_CORRECTION_PERCENT),
      purpose: 'Invention record corrected, whole report rewritten',
      detail: { change: `Invention record corrected (${changed.length ? changed.join(', ') : 'details'}); whole report rewritten` },
      replan: true,
    });
  });
  return toReportView(await findReport(deps.db, id, userId));
}
