/**
 * The report-quality measure over the corpus: an offline (or LLM) Basic report for each real
 * invention, then per report and overall — shared 8-gram share, stated TRL kept, named
 * applications present, field chosen, out-of-field standards, near-empty pages.
 *
 * It goes through the engine's public entry only (generateReport), with no evidence sources.
 */
import { generateReport, type GenerateReportInput, type StructuredLlm } from '../index.ts';
import { missingApplications } from './applications.ts';
import type { Invention } from './corpus.ts';
import { fieldMatches } from './fields.ts';
import { nearEmptyPages, pdfPageTexts, type PageWords } from './near-empty-pages.ts';
import { reportedTrls, reportFragments } from './report-text.ts';
import { NGRAM, sharedNgramShares } from './shared-ngrams.ts';
import { outOfFieldStandards, type StandardHit } from './standards.ts';
import { checkStatedTrl, statedTrl, type TrlCheck } from './stated-trl.ts';

export type EvalTier = GenerateReportInput['tier'];

/** Thresholds (issue 13, part 5): shared share below 25 % for every report, every other check clean. */
export const MAX_SHARED_SHARE = 0.25;

/** The reports' date, fixed so runs are comparable. */
const EVAL_DATE = new Date('2026-01-01T00:00:00Z');

export interface InventionResult {
  id: string;
  expectedField: string;
  domain: string;
  fieldOk: boolean;
  words: number;
  sharedWords: number;
  sharedShare: number;
  trl: TrlCheck;
  applicationsNamed: number;
  missingApplications: string[];
  outOfFieldStandards: StandardHit[];
  pages: number;
  nearEmptyPages: PageWords[];
  ms: number;
}

export interface EvalRun {
  writer: string;
  tier: EvalTier;
  ngram: number;
  results: InventionResult[];
}

interface Generated {
  invention: Invention;
  title: string;
  fragments: string[];
  domain: string;
  trls: number[];
  pages: string[];
  ms: number;
}

/**
 * The invention as a member pastes a technology-transfer listing or a patent: its title on the
 * first line, then its description (the engine reads the title apart: plan/pasted-title.ts).
 */
export const pastedIdea = (invention: Invention): string => `${invention.title}\n${invention.text}`;

export async function evaluateCorpus(opts: {
  inventions: readonly Invention[];
  llm?: StructuredLlm | null;
  /** Basic unless given: the thresholds are on Basic reports. */
  tier?: EvalTier;
  onReport?: (id: string, ms: number) => void;
}): Promise<EvalRun> {
  const generated: Generated[] = [];
  let writer = 'offline';
  for (const [i, invention] of opts.inventions.entries()) {
    const t0 = performance.now();
    const report = await generateReport({
      reportId: `EVAL-${String(i + 1).padStart(2, '0')}`,
      idea: pastedIdea(invention),
      tier: opts.tier ?? 'basic',
      ports: { llm: opts.llm ?? null, evidence: [], clock: { now: () => EVAL_DATE } },
    });
    writer = report.writer.offline ? 'offline' : `${report.writer.provider}/${report.writer.model}`;
    const ms = performance.now() - t0;
    generated.push({
      invention,
      title: report.title,
      fragments: reportFragments(report.title, report.sections),
      domain: report.outline.domain,
      trls: reportedTrls(report.outline, report.sections),
      pages: pdfPageTexts(report.pdf),
      ms,
    });
    opts.onReport?.(invention.id, ms);
  }
  const shares = sharedNgramShares(generated.map((g) => g.fragments));
  const results = generated.map((g, i): InventionResult => {
    const text = g.fragments.join('\n');
    const share = shares[i] ?? { words: 0, sharedWords: 0, share: 0 };
    return {
      id: g.invention.id,
      expectedField: g.invention.field,
      domain: g.domain,
      fieldOk: fieldMatches(g.invention.field, g.domain),
      words: share.words,
      sharedWords: share.sharedWords,
      sharedShare: share.share,
      trl: checkStatedTrl(g.invention.trl ?? statedTrl(pastedIdea(g.invention)), g.trls),
      applicationsNamed: g.invention.applications.length,
      missingApplications: missingApplications(text, g.invention.applications),
      outOfFieldStandards: outOfFieldStandards(text, g.invention.field),
      pages: g.pages.length,
      nearEmptyPages: nearEmptyPages(g.pages),
      ms: g.ms,
    };
  });
  return { writer, tier: opts.tier ?? 'basic', ngram: NGRAM, results };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** What fails the thresholds for one report, each as "check: values" (empty when clean). */
export function failures(r: InventionResult): string[] {
  const out: string[] = [];
  if (r.sharedShare >= MAX_SHARED_SHARE) out.push(`shared 8-gram share ${pct(r.sharedShare)} ≥ 25 % (${r.sharedWords} of ${r.words} words)`);
  if (r.trl.kept === false) out.push(`stated TRL ${r.trl.stated} not kept (report gives ${r.trl.reported.join(', ')})`);
  if (r.missingApplications.length > 0) out.push(`named applications missing: ${r.missingApplications.join('; ')}`);
  if (!r.fieldOk) out.push(`field: expected ${r.expectedField}, report chose "${r.domain}"`);
  if (r.outOfFieldStandards.length > 0) {
    out.push(`out-of-field standards: ${r.outOfFieldStandards.map((s) => `${s.name} [${s.fields.join('/')}]`).join('; ')}`);
  }
  if (r.nearEmptyPages.length > 0) out.push(`near-empty pages: ${r.nearEmptyPages.map((p) => `p.${p.page} (${p.words} words)`).join(', ')}`);
  return out;
}

export interface Summary {
  reports: number;
  meanShare: number;
  maxShare: number;
  overShare: number;
  trlStated: number;
  trlKept: number;
  appsNamed: number;
  appsMissing: number;
  appsMissingCount: number;
  fieldOk: number;
  withOutOfField: number;
  withNearEmpty: number;
  clean: number;
}

export function summarise(run: EvalRun): Summary {
  const r = run.results;
  const shares = r.map((x) => x.sharedShare);
  return {
    reports: r.length,
    meanShare: shares.reduce((a, b) => a + b, 0) / Math.max(1, r.length),
    maxShare: Math.max(0, ...shares),
    overShare: r.filter((x) => x.sharedShare >= MAX_SHARED_SHARE).length,
    trlStated: r.filter((x) => x.trl.stated !== null).length,
    trlKept: r.filter((x) => x.trl.kept === true).length,
    appsNamed: r.reduce((a, x) => a + x.applicationsNamed, 0),
    appsMissingCount: r.reduce((a, x) => a + x.missingApplications.length, 0),
    appsMissing: r.filter((x) => x.missingApplications.length > 0).length,
    fieldOk: r.filter((x) => x.fieldOk).length,
    withOutOfField: r.filter((x) => x.outOfFieldStandards.length > 0).length,
    withNearEmpty: r.filter((x) => x.nearEmptyPages.length > 0).length,
    clean: r.filter((x) => failures(x).length === 0).length,
  };
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** The results as a markdown table plus an overall summary and the per-report failures. */
export function toMarkdown(run: EvalRun): string {
  const s = summarise(run);
  const rows = run.results.map((r) =>
    [
      r.id,
      r.expectedField,
      `${r.fieldOk ? '✓' : '✗'} ${r.domain}`,
      `${r.sharedShare >= MAX_SHARED_SHARE ? '✗' : '✓'} ${pct(r.sharedShare)} (${r.sharedWords}/${r.words})`,
      r.trl.stated === null ? `n/a (report: ${r.trl.reported.join(', ')})` : `${r.trl.kept ? '✓' : '✗'} ${r.trl.stated} → ${r.trl.reported.join(', ')}`,
      r.applicationsNamed === 0 ? 'n/a (none named)' : r.missingApplications.length === 0 ? `✓ ${r.applicationsNamed} of ${r.applicationsNamed}` : `✗ missing: ${r.missingApplications.join('; ')}`,
      r.outOfFieldStandards.length === 0 ? '✓ none' : `✗ ${r.outOfFieldStandards.map((h) => h.name).join('; ')}`,
      r.nearEmptyPages.length === 0 ? `✓ none of ${r.pages}` : `✗ ${r.nearEmptyPages.map((p) => `p.${p.page} (${p.words})`).join(', ')} of ${r.pages}`,
    ]
      .map(cell)
      .join(' | '),
  );
  const lines = [
    '| invention | expected field | field chosen | shared 8-gram share | stated TRL | named applications | out-of-field standards | near-empty pages |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r} |`),
    '',
    `Overall (${s.reports} reports, writer: ${run.writer}): shared 8-gram share mean ${pct(s.meanShare)}, max ${pct(s.maxShare)}, ` +
      `${s.overShare} of ${s.reports} at or above 25 %; field right ${s.fieldOk} of ${s.reports}; stated TRL kept ${s.trlKept} of ${s.trlStated}; ` +
      `named applications present ${s.appsNamed - s.appsMissingCount} of ${s.appsNamed} (${s.appsMissing} reports miss at least one); with out-of-field standards ${s.withOutOfField}; with near-empty pages ${s.withNearEmpty}; ` +
      `clean on every check ${s.clean} of ${s.reports}.`,
  ];
  return lines.join('\n');
}
