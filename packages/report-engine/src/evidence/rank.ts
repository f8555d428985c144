/**
 * De-duplicates what every search of every family returned and ranks it the way a searcher
 * would (decision 215): by how many of the record's features each document touches — disclosed
 * in one sentence of its title, abstract or claims counts 1, touched counts ½ — never by date.
 * Ties go to the document using more of the searched words (title words count more), then to
 * its number. Deterministic; the idea itself never leaves the server for this.
 */
import type { EvidenceHit, EvidenceItem, EvidenceKind } from './evidence.ts';
import { DISCLOSURE_WEIGHT, readTarget, type FeatureTarget } from './features.ts';
import type { SearchPlan } from './search-terms.ts';

/** How many documents of each kind a report keeps, at most. */
export const KEEP_PER_KIND = 10;
/** Below this share of the searched words a document with no feature touched is not prior art. */
export const MIN_SCORE = 0.12;

function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && w.endsWith('es') && /(?:ss|x|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

export function stems(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3)
    .map(stem);
}

function identityKey(h: EvidenceHit): string {
  return `${h.kind}:${h.identifier.toLowerCase()}`;
}

function titleKey(h: EvidenceHit): string {
  return `${h.kind}:${h.title.toLowerCase().replace(/[^a-z0-9]+/g, '')}`;
}

/** The share of the plan's weighted searched words a document uses (the tie-break). */
export function termScore(hit: EvidenceHit, plan: Pick<SearchPlan, 'rankingTerms'>): number {
  const title = new Set(stems(hit.title));
  const body = new Set([...title, ...stems(hit.abstract), ...stems(hit.claims ?? '')]);
  let total = 0;
  let got = 0;
  for (const { term, weight } of plan.rankingTerms) {
    for (const w of stems(term)) {
      total += weight;
      if (title.has(w)) got += weight;
      else if (body.has(w)) got += weight * 0.75;
    }
  }
  return total > 0 ? Math.min(1, got / total) : 0;
}

/** How much of the record a document touches: the weighted count of features, and which. */
export function featureCoverage(hit: Pick<EvidenceHit, 'title' | 'abstract' | 'claims'>, targets: readonly FeatureTarget[]) {
  let touched = 0;
  const shared: string[] = [];
  const missing: string[] = [];
  for (const t of targets) {
    const { level } = readTarget(t, hit);
    touched += DISCLOSURE_WEIGHT[level];
    (level === 'no' ? missing : shared).push(t.core ?? t.label);
  }
  return { touched, share: targets.length ? touched / targets.length : 0, shared, missing };
}

interface Ranked extends EvidenceItem {
  touched: number;
  terms: number;
  titleKey: string;
}

/** The closest documents of each kind, de-duplicated, with citation ids P1…, W1… in rank order. */
export function rankEvidence(hits: readonly EvidenceHit[], plan: Pick<SearchPlan, 'targets' | 'rankingTerms'>): EvidenceItem[] {
  const best = new Map<string, Ranked>();
  for (const h of hits) {
    const c = featureCoverage(h, plan.targets);
    const terms = termScore(h, plan);
    const key = identityKey(h);
    const prev = best.get(key) ?? [...best.values()].find((b) => b.titleKey === titleKey(h));
    if (prev && (prev.touched > c.touched || (prev.touched === c.touched && prev.terms >= terms))) continue;
    if (prev) best.delete(identityKey(prev));
    const { claims, ...rest } = h;
    best.set(key, {
      ...rest,
      ...(claims ? { claims: claims.slice(0, 2000) } : {}),
      id: '',
      score: Math.round((plan.targets.length ? c.share : terms) * 1000) / 1000,
      shared: c.shared.slice(0, 20).map((s) => s.slice(0, 120)),
      missing: c.missing.slice(0, 20).map((s) => s.slice(0, 120)),
      touched: c.touched,
      terms,
      titleKey: titleKey(h),
    });
  }
  const out: EvidenceItem[] = [];
  for (const kind of ['patent', 'work'] as EvidenceKind[]) {
    const kept = [...best.values()]
      // A document touching no feature is not prior art to this record, however many words it shares.
      .filter((i) => i.kind === kind && (plan.targets.length ? i.touched > 0 : i.terms >= MIN_SCORE))
      .sort((a, b) => b.touched - a.touched || b.terms - a.terms || a.identifier.localeCompare(b.identifier))
      .slice(0, KEEP_PER_KIND);
    kept.forEach(({ titleKey: _t, touched: _c, terms: _s, ...item }, i) =>
      out.push({ ...item, id: `${kind === 'patent' ? 'P' : 'W'}${i + 1}` }),
    );
  }
  return out;
}
