/**
 * What the offline analyst can say about the documents a search found: which are closest, what
 * each covers (its abstract's first sentence), and how the idea differs as far as the texts show
 * (the idea's search terms a document does not mention). No model: words in common, nothing more.
 */
import type { PriorArtRow } from '../../content/report-content.ts';
import { priorArtCandidates } from '../../evidence/citations.ts';
import type { EvidenceItem } from '../../evidence/evidence.ts';
import type { SectionKey } from '@assay/shared';
import { listing } from './blocks.ts';
import { clip } from './text-analysis.ts';

const MAX_ROWS = 8;

export function citeLabel(e: EvidenceItem): string {
  const who = e.holders[0] ? `, ${e.holders[0]}${e.holders.length > 1 && e.kind === 'work' ? ' et al.' : ''}` : '';
  return `${e.identifier}${who}${e.year ? `, ${e.year}` : ''} [${e.id}]`;
}

function covers(e: EvidenceItem): string {
  const first = e.abstract.split(/(?<=[.!?])\s+/)[0]?.trim();
  return clip(first && first.length > 20 ? first : e.title, 300);
}

function differs(e: EvidenceItem): string {
  if (e.missing.length > 0) {
    return clip(`Its title and abstract do not mention ${listing(e.missing.slice(0, 3).map((t) => `“${t}”`), 'or')}, which this idea relies on; check its claims for them.`, 380);
  }
  return clip(`Its title and abstract name the idea's main elements (${listing(e.shared.slice(0, 3))}): compare its claims closely before filing.`, 380);
}

/** The prior-art table's rows for one section: patents first, then works (freedom to operate: patents only). */
export function priorArtRows(key: SectionKey, evidence: readonly EvidenceItem[]): PriorArtRow[] {
  const candidates = priorArtCandidates(key, evidence);
  const patents = candidates.filter((e) => e.kind === 'patent').slice(0, MAX_ROWS);
  const works = candidates.filter((e) => e.kind === 'work').slice(0, MAX_ROWS - Math.min(patents.length, 5));
  return [...patents.slice(0, MAX_ROWS - works.length), ...works].map((e) => ({ id: e.id, covers: covers(e), differs: differs(e) }));
}

/** One sentence naming the closest documents found, cited; null when the search found none. */
export function closestDocuments(evidence: readonly EvidenceItem[], n = 3): string | null {
  const patents = evidence.filter((e) => e.kind === 'patent').slice(0, n);
  const works = evidence.filter((e) => e.kind === 'work').slice(0, Math.max(1, n - 1));
  if (patents.length === 0 && works.length === 0) return null;
  const parts = [
    patents.length ? `the patents ${listing(patents.map(citeLabel))}` : '',
    works.length ? `the papers ${listing(works.map(citeLabel))}` : '',
  ].filter(Boolean);
  return `The closest documents the search found are ${listing(parts)}; the prior-art table in the IP summary says what each covers and where this idea differs.`;
}
