import { figureText, sectionPlainText, type SectionContent } from '@assay/report-engine';
import {
  fieldLabel,
  inventionRecord,
  IP_STATUS_LABELS,
  REPORT_MESSAGES,
  REPORT_SECTIONS,
  TIER_LABELS,
  type Complexity,
  type InventionRecord,
  type TextChange,
  type VersionComparison,
} from '@assay/shared';
import { diffWords } from 'diff';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { findReport } from './find-report.ts';

interface VersionRow {
  n: number;
  complexity: Complexity;
  title: string;
  record: unknown;
  sections: Record<string, SectionContent>;
}

/**
 * What differs between two versions of the member's report (`other` defaults to the current
 * one): the title, the tier and each fact of the record that differs, then every section in
 * reading order, the changed ones word by word. Always earlier → later, whichever was asked first.
 */
export async function compareVersions(
  deps: Pick<Deps, 'db'>,
  id: string,
  n: number,
  other: number | undefined,
  userId: string,
): Promise<VersionComparison> {
  const report = await findReport(deps.db, id, userId);
  const wanted = [n, other ?? report.version];
  const rows = (
    await deps.db.query<VersionRow>(
      'SELECT n, complexity, title, record, sections FROM report_versions WHERE report_id = $1 AND n = ANY($2::int[])',
      [report.id, wanted],
    )
  ).rows;
  const [from, to] = [Math.min(...wanted), Math.max(...wanted)].map((v) => rows.find((r) => r.n === v));
  if (!from || !to) throw notFound(REPORT_MESSAGES.versionNotFound);

  const facts = [
    { label: 'Title', before: from.title, after: to.title },
    { label: 'Tier', before: TIER_LABELS[from.complexity], after: TIER_LABELS[to.complexity] },
    ...recordFactPairs(readRecord(from.record), readRecord(to.record)),
  ].filter((f) => f.before !== f.after);

  const sections = REPORT_SECTIONS.flatMap((def): VersionComparison['sections'] => {
    const before = from.sections[def.key];
    const after = to.sections[def.key];
    if (!before && !after) return [];
    const title = (after ?? before)?.title ?? def.title;
    if (!before) return [{ key: def.key, title, status: 'added', changes: [] }];
    if (!after) return [{ key: def.key, title, status: 'removed', changes: [] }];
    const changes = wordChanges(sectionPlainText(before), sectionPlainText(after));
    return changes.some((c) => c.kind !== 'same')
      ? [{ key: def.key, title, status: 'changed', changes }]
      : [{ key: def.key, title, status: 'unchanged', changes: [] }];
  });
  return { from: from.n, to: to.n, facts, sections };
}

function wordChanges(before: string, after: string): TextChange[] {
  return diffWords(before, after).map((part) => ({
    kind: part.added ? 'added' : part.removed ? 'removed' : 'same',
    text: part.value,
  }));
}

/** A version made before records existed (or with a record an older schema wrote) compares as empty facts. */
function readRecord(value: unknown): InventionRecord | null {
  const parsed = inventionRecord.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const list = (items: readonly string[]) => items.join('; ');

/** Each fact of the record as the confirm step words it, so a change reads as the member typed it. */
function recordFacts(r: InventionRecord | null): Array<[label: string, text: string]> {
  if (!r) return [];
  const stage = [r.stage.trl !== null ? `TRL ${r.stage.trl}` : '', r.stage.label ?? ''].filter(Boolean).join(' — ');
  const ip = [IP_STATUS_LABELS[r.ip.status], list(r.ip.numbers), r.ip.owner ?? ''].filter(Boolean).join(' — ');
  return [
    ['Name', r.name],
    ['Summary', r.summary],
    ['Field', fieldLabel(r.field)],
    ['Stage', stage],
    ['Intellectual property', ip],
    ['Key features', list(r.features)],
    ['How it works', r.mechanism],
    ['Problem', r.problem],
    ['Advantages', list(r.advantages)],
    ['Applications', list(r.applications)],
    ['Customers', list(r.customers)],
    ['Licensees', list(r.licensees)],
    ['Figures', list(r.figures.map((f) => `${figureText(f)} ${f.what}`))],
    ['Open questions', list(r.unknowns)],
  ];
}

function recordFactPairs(before: InventionRecord | null, after: InventionRecord | null) {
  const a = new Map(recordFacts(before));
  const b = new Map(recordFacts(after));
  return [...new Set([...a.keys(), ...b.keys()])].map((label) => ({ label, before: a.get(label) ?? '', after: b.get(label) ?? '' }));
}
