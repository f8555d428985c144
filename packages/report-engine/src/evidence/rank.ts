/**
 * De-duplicates what the sources returned and ranks it by closeness to the idea: the share of
 * the idea's weighted search vocabulary a document's title and abstract use (title words count
 * more). Deterministic; the idea itself never leaves the server for this.
 */
import type { EvidenceHit, EvidenceItem, EvidenceKind } from './evidence.ts';
import type { SearchPlan } from './search-terms.ts';

/** How many documents of each kind a report keeps, at most. */
export const KEEP_PER_KIND = 10;
/** Below this closeness a document shares too little with the idea to be called prior art. */
export const MIN_SCORE = 0.12;

function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && w.endsWith('es') && /(?:ss|x|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

export function stems(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3).map(stem);
}

function identityKey(h: EvidenceHit): string {
  return `${h.kind}:${h.identifier.toLowerCase()}`;
}

function titleKey(h: EvidenceHit): string {
  return `${h.kind}:${h.title.toLowerCase().replace(/[^a-z0-9]+/g, '')}`;
}

export function scoreHit(hit: EvidenceHit, plan: SearchPlan): { score: number; shared: string[]; missing: string[] } {
  const title = new Set(stems(hit.title));
  const body = new Set([...title, ...stems(hit.abstract)]);
  let total = 0;
  let got = 0;
  const shared: string[] = [];
  const missing: string[] = [];
  for (const { term, weight } of plan.rankingTerms) {
    const ws = stems(term);
    if (ws.length === 0) continue;
    for (const w of ws) {
      total += weight;
      if (title.has(w)) got += weight;
      else if (body.has(w)) got += weight * 0.75;
    }
    (ws.every((w) => body.has(w)) ? shared : missing).push(term);
  }
  return { score: total > 0 ? Math.min(1, got / total) : 0, shared, missing };
}

/** The closest documents of each kind, de-duplicated, with citation ids P1…, W1… in rank order. */
export function rankEvidence(hits: readonly EvidenceHit[], plan: SearchPlan): EvidenceItem[] {
  const best = new Map<string, EvidenceItem & { titleKey: string }>();
  for (const h of hits) {
    const s = scoreHit(h, plan);
    const key = identityKey(h);
    const prev = best.get(key) ?? [...best.values()].find((b) => b.titleKey === titleKey(h));
    if (prev && prev.score >= s.score) continue;
    if (prev) best.delete(identityKey(prev as EvidenceHit));
    best.set(key, { ...h, id: '', score: Math.round(s.score * 1000) / 1000, shared: s.shared, missing: s.missing, titleKey: titleKey(h) });
  }
  const out: EvidenceItem[] = [];
  for (const kind of ['patent', 'work'] as EvidenceKind[]) {
    const kept = [...best.values()]
      .filter((i) => i.kind === kind && i.score >= MIN_SCORE)
      .sort((a, b) => b.score - a.score || (b.year ?? 0) - (a.year ?? 0) || a.identifier.localeCompare(b.identifier))
      .slice(0, KEEP_PER_KIND);
    kept.forEach(({ titleKey: _, ...item }, i) => out.push({ ...item, id: `${kind === 'patent' ? 'P' : 'W'}${i + 1}` }));
  }
  return out;
}
