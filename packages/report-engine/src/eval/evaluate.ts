/**
 * The report-quality measure (issue 24, part 6) over one corpus set (tuning or holdout), through
 * the engine's public entries only: the record each idea is read into (held against the record a
 * person wrote by hand), then a report per tier on that record, measured on its rendered text —
 * the share of the writing (every section's body as rendered, table rows joined) shared with the
 * set's other reports once the idea's own words are masked; the same share of the whole text
 * (furniture included: cover notices, contents, section questions, method page, disclaimer) is
 * reported beside it (decision 157) — whether the stated TRL and the named
 * applications, licensees and customers survive into it, out-of-field standards and near-empty
 * pages. A tier that crashes is a result, not an exception.
 */
import type { InventionRecord } from '@assay/shared';
import { generateReport, understandIdea, type GenerateReportInput, type StructuredLlm } from '../index.ts';
import { missingNamed } from './applications.ts';
import { maskedFragments } from './masked-text.ts';
import { nearEmptyPages, pdfPageTexts, type PageWords } from './near-empty-pages.ts';
import { checkRecord, type ExpectedRecord, type RecordCheck } from './record-check.ts';
import { NGRAM, sharedNgramShares } from './shared-ngrams.ts';
import { outOfFieldStandards, type StandardHit } from './standards.ts';

export type EvalTier = GenerateReportInput['tier'];

export const THRESHOLDS = {
  /** Shared share of the whole rendered text, mean and maximum over a set (Basic and Comprehensive). */
  meanShare: 0.15,
  maxShare: 0.25,
  /** Share of items whose field is right. */
  fieldRight: 0.9,
} as const;

/** The reports' date, fixed so runs are comparable. */
const EVAL_DATE = new Date('2026-01-01T00:00:00Z');

export interface EvalItem {
  id: string;
  split: 'tuning' | 'holdout';
  kind: string;
  /** The listing's or patent's title line, pasted above the text; null for a member's own words. */
  title: string | null;
  text: string;
  expected: ExpectedRecord;
}

export const pastedIdea = (item: Pick<EvalItem, 'title' | 'text'>) => (item.title ? `${item.title}\n${item.text}` : item.text);

export interface TierResult {
  /** Why generation failed, or null. */
  crashed: string | null;
  words: number;
  sharedWords: number;
  /** Shared share of the writing (thresholded). */
  share: number;
  /** Shared share of the whole rendered text, furniture included (reported). */
  wholeShare: number;
  /** Every TRL the report gives (outline and charts). */
  reportedTrls: number[];
  /** null when nothing is stated. */
  trlKept: boolean | null;
  /** Expected applications, licensees and customers absent from the rendered text. */
  missingInReport: string[];
  outOfField: StandardHit[];
  nearEmpty: PageWords[];
  pages: number;
  ms: number;
}

export interface ItemResult {
  id: string;
  split: string;
  kind: string;
  record: InventionRecord;
  check: RecordCheck;
  tiers: Partial<Record<EvalTier, TierResult>>;
}

export interface EvalRun {
  writer: string;
  split: string;
  tiers: EvalTier[];
  ngram: number;
  items: ItemResult[];
}

const expectedTrl = (e: ExpectedRecord) => e.stage.trl;

export async function evaluateSet(opts: {
  items: readonly EvalItem[];
  split: string;
  tiers: readonly EvalTier[];
  llm?: StructuredLlm | null;
  onItem?: (id: string, tier: EvalTier, ms: number) => void;
}): Promise<EvalRun> {
  const llm = opts.llm ?? null;
  const results: ItemResult[] = [];
  const fragments = new Map<EvalTier, { writing: string[][][]; whole: string[][][] }>();
  let writer = llm ? `${llm.provider}/${llm.model}` : 'offline';
  for (const [i, item] of opts.items.entries()) {
    const idea = pastedIdea(item);
    const { record } = await understandIdea({ idea, llm });
    const result: ItemResult = {
      id: item.id,
      split: item.split,
      kind: item.kind,
      record,
      check: checkRecord(record, item.expected),
      tiers: {},
    };
    for (const tier of opts.tiers) {
      const t0 = performance.now();
      try {
        const report = await generateReport({
          reportId: `EVAL-${String(i + 1).padStart(2, '0')}`,
          idea,
          record,
          tier,
          ports: { llm, evidence: [], clock: { now: () => EVAL_DATE } },
        });
        writer = report.writer.offline ? 'offline' : `${report.writer.provider}/${report.writer.model}`;
        const text = report.text.join('\n');
        const trls = [
          ...new Set([report.outline.trl_estimate.level, ...report.sections.flatMap((s) => (s.trl ? [s.trl.level] : []))]),
        ].sort((a, b) => a - b);
        const stated = expectedTrl(item.expected);
        const named = [...item.expected.applications, ...item.expected.licensees, ...item.expected.customers];
        const pages = pdfPageTexts(report.pdf);
        const list = fragments.get(tier) ?? { writing: [], whole: [] };
        list.writing[results.length] = maskedFragments(report.writing, idea);
        list.whole[results.length] = maskedFragments(report.text, idea);
        fragments.set(tier, list);
        result.tiers[tier] = {
          crashed: null,
          words: 0,
          sharedWords: 0,
          share: 0,
          wholeShare: 0,
          reportedTrls: trls,
          trlKept: stated === null ? null : trls.every((l) => l === record.stage.trl) && record.stage.trl !== null,
          missingInReport: missingNamed(text, named),
          outOfField: item.expected.field === 'uncertain' ? [] : outOfFieldStandards(text, item.expected.field as never),
          nearEmpty: nearEmptyPages(pages),
          pages: pages.length,
          ms: performance.now() - t0,
        };
      } catch (error) {
        result.tiers[tier] = {
          crashed: (error as Error).message.slice(0, 300),
          words: 0,
          sharedWords: 0,
          share: 0,
          wholeShare: 0,
          reportedTrls: [],
          trlKept: false,
          missingInReport: [],
          outOfField: [],
          nearEmpty: [],
          pages: 0,
          ms: performance.now() - t0,
        };
      }
      opts.onItem?.(item.id, tier, result.tiers[tier]!.ms);
    }
    results.push(result);
  }
  for (const tier of opts.tiers) {
    const list = fragments.get(tier) ?? { writing: [], whole: [] };
    const shares = sharedNgramShares(results.map((_, i) => list.writing[i] ?? []));
    const whole = sharedNgramShares(results.map((_, i) => list.whole[i] ?? []));
    results.forEach((r, i) => {
      const t = r.tiers[tier];
      if (t && !t.crashed)
        Object.assign(t, {
          words: shares[i]!.words,
          sharedWords: shares[i]!.sharedWords,
          share: shares[i]!.share,
          wholeShare: whole[i]!.share,
        });
    });
  }
  return { writer, split: opts.split, tiers: [...opts.tiers], ngram: NGRAM, items: results };
}

export interface TierSummary {
  meanShare: number;
  maxShare: number;
  meanWholeShare: number;
  crashed: number;
  trlStated: number;
  trlKept: number;
  missingInReport: number;
  outOfField: number;
  nearEmpty: number;
}

export interface Summary {
  items: number;
  name: number;
  field: number;
  stage: number;
  ipStatus: number;
  ipNumbers: number;
  namedInRecord: number;
  figures: number;
  tiers: Partial<Record<EvalTier, TierSummary>>;
}

export function summarise(run: EvalRun): Summary {
  const n = (f: (r: ItemResult) => boolean) => run.items.filter(f).length;
  const tiers: Summary['tiers'] = {};
  for (const tier of run.tiers) {
    const ts = run.items.map((r) => r.tiers[tier]).filter((t): t is TierResult => !!t);
    const ok = ts.filter((t) => !t.crashed);
    tiers[tier] = {
      meanShare: ok.reduce((a, t) => a + t.share, 0) / Math.max(1, ok.length),
      maxShare: Math.max(0, ...ok.map((t) => t.share)),
      meanWholeShare: ok.reduce((a, t) => a + t.wholeShare, 0) / Math.max(1, ok.length),
      crashed: ts.length - ok.length,
      trlStated: ts.filter((t) => t.trlKept !== null).length,
      trlKept: ts.filter((t) => t.trlKept === true).length,
      missingInReport: ts.filter((t) => t.missingInReport.length > 0).length,
      outOfField: ts.filter((t) => t.outOfField.length > 0).length,
      nearEmpty: ts.filter((t) => t.nearEmpty.length > 0).length,
    };
  }
  return {
    items: run.items.length,
    name: n((r) => r.check.name),
    field: n((r) => r.check.field),
    stage: n((r) => r.check.stage),
    ipStatus: n((r) => r.check.ipStatus),
    ipNumbers: n((r) => r.check.ipNumbers),
    namedInRecord: n((r) => r.check.missingNamed.length === 0),
    figures: n((r) => r.check.missingFigures.length === 0),
    tiers,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** What fails the thresholds for a whole run (empty when it meets them). */
export function failures(run: EvalRun): string[] {
  const s = summarise(run);
  const out: string[] = [];
  const all = (count: number, what: string) => {
    if (count < s.items) out.push(`${what}: ${count} of ${s.items}`);
  };
  all(s.name, 'names right');
  all(s.stage, 'stated stage/TRL right');
  all(s.ipStatus, 'IP status right');
  all(s.namedInRecord, 'named applications, licensees and customers in the record');
  if (s.field < Math.ceil(THRESHOLDS.fieldRight * s.items))
    out.push(`field right: ${s.field} of ${s.items} (< ${THRESHOLDS.fieldRight * 100} %)`);
  for (const tier of run.tiers) {
    const t = s.tiers[tier]!;
    if (t.crashed) out.push(`${tier}: ${t.crashed} report(s) crashed`);
    if (t.trlKept < t.trlStated) out.push(`${tier}: stated TRL kept in ${t.trlKept} of ${t.trlStated} reports`);
    if (t.missingInReport) out.push(`${tier}: ${t.missingInReport} report(s) miss a named application, licensee or customer`);
    if (tier !== 'advanced') {
      if (t.meanShare >= THRESHOLDS.meanShare) out.push(`${tier}: shared share mean ${pct(t.meanShare)} ≥ ${pct(THRESHOLDS.meanShare)}`);
      if (t.maxShare >= THRESHOLDS.maxShare) out.push(`${tier}: shared share max ${pct(t.maxShare)} ≥ ${pct(THRESHOLDS.maxShare)}`);
    }
  }
  return out;
}

const cell = (s: string) => s.replace(/\|/g, '\\|');
const mark = (ok: boolean | null) => (ok === null ? '–' : ok ? '✓' : '✗');

/** A run as markdown: one row per item, then the summary and what fails. */
export function toMarkdown(run: EvalRun): string {
  const s = summarise(run);
  const tierCols = run.tiers.map((t) => `${t} shared`);
  const rows = run.items.map((r) => {
    const c = r.check;
    const tierCells = run.tiers.map((tier) => {
      const t = r.tiers[tier];
      if (!t) return '';
      if (t.crashed) return `✗ crashed: ${t.crashed.slice(0, 60)}`;
      const flags = [
        t.trlKept === false ? 'TRL lost' : '',
        t.missingInReport.length ? `missing: ${t.missingInReport.join('; ')}` : '',
        t.outOfField.length ? `out of field: ${t.outOfField.map((h) => h.name).join('; ')}` : '',
      ].filter(Boolean);
      return `${pct(t.share)}${flags.length ? ` — ${flags.join(' · ')}` : ''}`;
    });
    return `| ${[r.id, r.kind, `${mark(c.name)} ${r.record.name}`, `${mark(c.field)} ${r.record.field}`, `${mark(c.stage)} ${r.record.stage.trl ?? '—'}`, `${mark(c.ipStatus)} ${r.record.ip.status}`, c.missingNamed.length ? `✗ ${c.missingNamed.join('; ')}` : '✓', ...tierCells].map(cell).join(' | ')} |`;
  });
  const tierLines = run.tiers.map((tier) => {
    const t = s.tiers[tier]!;
    return `- ${tier}: shared share of the writing mean ${pct(t.meanShare)}, max ${pct(t.maxShare)} (whole text, furniture included: mean ${pct(t.meanWholeShare)}); stated TRL kept ${t.trlKept} of ${t.trlStated}; reports missing a named item ${t.missingInReport}; crashed ${t.crashed}; with out-of-field standards ${t.outOfField}; with near-empty pages ${t.nearEmpty}.`;
  });
  const failing = failures(run);
  return [
    `| item | kind | name | field | stage | IP | named | ${tierCols.join(' | ')} |`,
    `|${'---|'.repeat(7 + tierCols.length)}`,
    ...rows,
    '',
    `**${run.split}** (${s.items} items, writer ${run.writer}): name right ${s.name}, field right ${s.field}, stated stage right ${s.stage}, IP status right ${s.ipStatus}, IP numbers right ${s.ipNumbers}, named items in the record ${s.namedInRecord}, figures kept ${s.figures} — each of ${s.items}.`,
    ...tierLines,
    '',
    failing.length ? `Failing the thresholds: ${failing.join('; ')}.` : 'Meets every threshold.',
  ].join('\n');
}
