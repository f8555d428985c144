/**
 * The feature chart, like a searcher's claim chart (decision 216): for the closest documents
 * found (up to five, whatever their kind), which of the record's features each one discloses —
 * yes / partly / no, with the sentence that shows it — and what remains new when they are
 * combined. Read from titles, abstracts and claims where the source has them; the market, the
 * customers and the applications are never features, so a document that discloses the mechanism
 * is never "different" for lacking a market phrase. Deterministic, recomputed from the stored
 * evidence and the record (nothing new is stored).
 */
import type { InventionRecord } from '@assay/shared';
import { clip, listing } from '../text/normalise.ts';
import type { EvidenceItem } from './evidence.ts';
import { DISCLOSURE_WEIGHT, featureTargets, readTarget, type Disclosure, type FeatureTarget } from './features.ts';

export const CHART_DOCUMENTS = 5;

export interface ChartCell {
  target: string;
  level: Disclosure;
  sentence: string | null;
}

export interface ChartedDocument {
  item: EvidenceItem;
  cells: ChartCell[];
  /** Features disclosed (yes) and touched (partly). */
  yes: number;
  partly: number;
  /** True when it discloses the mechanism (yes). */
  mechanism: boolean;
}

export interface FeatureChart {
  targets: FeatureTarget[];
  documents: ChartedDocument[];
  /** Features no charted document discloses in full: what remains new over their combination. */
  remaining: FeatureTarget[];
  /** The novelty reading in one or two sentences, citing the documents by id. */
  novelty: string;
}

const q = (s: string, max = 90) => `“${clip(s, max)}”`;
/** A target as a sentence names it: the mechanism as "the mechanism", a feature by its words. */
export const targetName = (t: FeatureTarget) => (t.kind === 'mechanism' ? 'the mechanism' : q(t.label, 80));

function chartDocument(item: EvidenceItem, targets: readonly FeatureTarget[]): ChartedDocument {
  const cells = targets.map((t) => ({ target: t.id, ...readTarget(t, item) }));
  return {
    item,
    cells,
    yes: cells.filter((c) => c.level === 'yes').length,
    partly: cells.filter((c) => c.level === 'partly').length,
    mechanism: cells.some((c) => c.target === 'M' && c.level === 'yes'),
  };
}

const weight = (d: ChartedDocument) => d.cells.reduce((s, c) => s + DISCLOSURE_WEIGHT[c.level], 0);

function noveltyOf(targets: readonly FeatureTarget[], documents: readonly ChartedDocument[], remaining: readonly FeatureTarget[]): string {
  const all = documents.find((d) => d.yes === targets.length);
  if (all) {
    return `[${all.item.id}] discloses every feature charted: as recorded, the invention may not be new over it. What it adds must be stated as a feature and searched again.`;
  }
  if (remaining.length === 0) {
    const who = documents.filter((d) => d.yes > 0).map((d) => `[${d.item.id}]`);
    return `Each feature is disclosed by at least one document (${listing(who)}), none discloses them all: novelty rests on the combination, and an examiner may argue it is obvious to combine them.`;
  }
  const partly = remaining.filter((t) => documents.some((d) => d.cells.find((c) => c.target === t.id)?.level === 'partly'));
  return [
    `Not disclosed in full by any document found: ${listing(remaining.map(targetName))} — what remains new when the closest documents are combined, and what claims should be built around.`,
    partly.length ? `${listing(partly.map(targetName))} ${partly.length === 1 ? 'is' : 'are'} touched in part: the full texts decide.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The chart over the closest documents of `items`; null when nothing was found or the record has no feature to chart. */
export function featureChart(record: InventionRecord, items: readonly EvidenceItem[], max = CHART_DOCUMENTS): FeatureChart | null {
  const targets = featureTargets(record);
  if (targets.length === 0 || items.length === 0) return null;
  const documents = items
    .map((item) => chartDocument(item, targets))
    .filter((d) => d.yes + d.partly > 0)
    // Closest first: most features disclosed, then touched; the search's own order breaks ties.
    .sort((a, b) => weight(b) - weight(a) || b.yes - a.yes)
    .slice(0, max);
  if (documents.length === 0) return null;
  const remaining = targets.filter((t) => !documents.some((d) => d.cells.find((c) => c.target === t.id)?.level === 'yes'));
  return { targets, documents, remaining, novelty: noveltyOf(targets, documents, remaining) };
}

/** One document's line in the chart's words: what it discloses, never how it "differs" for a market phrase. */
export function documentFinding(chart: FeatureChart, d: ChartedDocument): string {
  const name = (id: string) => targetName(chart.targets.find((t) => t.id === id)!);
  const yes = d.cells.filter((c) => c.level === 'yes').map((c) => name(c.target));
  const partly = d.cells.filter((c) => c.level === 'partly').map((c) => name(c.target));
  const no = d.cells.filter((c) => c.level === 'no').map((c) => name(c.target));
  const n = chart.targets.length;
  return [
    `Discloses ${d.yes} of ${n} features${yes.length ? ` (${listing(yes)})` : ''}${partly.length ? `; touches ${listing(partly)}` : ''}.`,
    no.length ? `Not shown in its ${d.item.claims ? 'title, abstract or claims' : 'title or abstract'}: ${listing(no)}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** "[P1] US1234567 (Acme, 2015)" */
export function documentLabel(e: EvidenceItem): string {
  return `[${e.id}] ${e.identifier}${e.holders[0] || e.year ? ` (${[e.holders[0], e.year].filter(Boolean).join(', ')})` : ''}`;
}
