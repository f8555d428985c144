/**
 * The prior-art rows the offline analyst writes about found documents: what each covers and what
 * the feature chart (decision 216) reads in it.
 */
import type { SectionKey } from '@assay/shared';
import type { PriorArtRow } from '../../content/report-content.ts';
import { PRIOR_ART_SECTIONS, priorArtCandidates } from '../../evidence/citations.ts';
import type { EvidenceItem } from '../../evidence/evidence.ts';
import { documentFinding, featureChart } from '../../evidence/feature-chart.ts';
import { featureTargets } from '../../evidence/features.ts';
import type { ReportPlan } from '../../plan/build-plan.ts';
import { clip } from '../../text/normalise.ts';

const MAX_ROWS = 8;

function covers(e: EvidenceItem): string {
  const first = e.abstract.split(/(?<=[.!?])\s+/)[0]?.trim();
  return clip(first && first.length > 20 ? first : e.title, 400);
}

/**
 * One row per document: what it covers (its abstract's first sentence) and, from the feature
 * chart, which of the record's features it discloses and which it does not show — never a
 * verdict of "different" for lacking a market phrase, never an instruction to read a paper's claims.
 */
export function priorArtRows(key: SectionKey, evidence: readonly EvidenceItem[], plan: ReportPlan): PriorArtRow[] {
  if (!PRIOR_ART_SECTIONS.has(key)) return [];
  const candidates = priorArtCandidates(key, evidence).slice(0, MAX_ROWS);
  const chart = featureChart(plan.record, candidates, candidates.length);
  const none = featureTargets(plan.record).length === 0;
  return candidates.map((e) => {
    const d = chart?.documents.find((x) => x.item.id === e.id);
    const finding = d
      ? documentFinding(chart!, d)
      : none
        ? 'The record lists no technical feature to chart it against: confirm the features first.'
        : `Its ${e.claims ? 'title, abstract and claims touch' : 'title and abstract touch'} none of the record's features.`;
    return { id: e.id, covers: covers(e), differs: clip(finding, 400) };
  });
}
