/**
 * The TRL an invention text states itself ("TRL 4", "Technology Readiness Level (TRL): 5",
 * "technology readiness level of 3"), and whether a report kept it.
 */
const PATTERNS = [
  /\bTRL\s*(?:of|is|=|:|-|–)?\s*([1-9])\b/i,
  /\btechnology readiness level\s*(?:\(TRL\))?\s*(?:of|is|=|:|-|–)?\s*([1-9])\b/i,
];

export function statedTrl(text: string): number | null {
  let best: { index: number; level: number } | null = null;
  for (const p of PATTERNS) {
    const m = p.exec(text);
    if (m && (best === null || m.index < best.index)) best = { index: m.index, level: Number(m[1]) };
  }
  return best?.level ?? null;
}

export interface TrlCheck {
  stated: number | null;
  /** Every TRL the report gives (the plan's estimate and each section's TRL chart). */
  reported: number[];
  /** null when the text states no TRL. */
  kept: boolean | null;
}

export function checkStatedTrl(stated: number | null, reported: readonly number[]): TrlCheck {
  const uniq = [...new Set(reported)].sort((a, b) => a - b);
  return { stated, reported: uniq, kept: stated === null ? null : uniq.length > 0 && uniq.every((l) => l === stated) };
}
