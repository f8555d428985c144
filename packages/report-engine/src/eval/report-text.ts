/**
 * A report's own words, as text fragments, from the content the engine returns: every summary,
 * paragraph, bullet, table cell, callout item, next step, TRL evidence, risk and ROI scenario.
 */
import type { SectionContent } from '../index.ts';

export function reportFragments(title: string, sections: readonly SectionContent[]): string[] {
  const out: string[] = [title];
  for (const s of sections) {
    out.push(s.title, ...s.summary);
    for (const b of s.blocks) {
      if (b.type === 'paragraph') out.push(b.text);
      else if (b.type === 'table') out.push(...(b.title ? [b.title] : []), ...b.columns, ...b.rows.flat());
      else out.push(...(b.title ? [b.title] : []), ...b.items);
    }
    if (s.confidence) out.push(s.confidence.reason);
    out.push(...s.next_steps);
    if (s.trl) out.push(...s.trl.evidence, ...s.trl.to_reach_next);
    for (const r of s.risks ?? []) out.push(r.risk, r.mitigation);
    if (s.roi) out.push(s.roi.scenario);
    for (const p of s.prior_art ?? []) out.push(p.covers, p.differs);
  }
  return out.filter((t) => t.trim().length > 0);
}

/** Every TRL level a report gives: the plan's estimate and each section's TRL chart. */
export function reportedTrls(outline: { trl_estimate: { level: number } }, sections: readonly SectionContent[]): number[] {
  return [outline.trl_estimate.level, ...sections.flatMap((s) => (s.trl ? [s.trl.level] : []))];
}
