import { COMPLEXITIES, REPORT_COSTS, sectionsFor, TIER_LABELS, type Complexity, type ReportSectionDef } from '@assay/shared';

/** One line on who each report type is for (docs/product.md §9 names only the sections). */
export const TIER_BLURBS: Record<Complexity, string> = {
  basic: 'A first, investor-oriented look: the problem, the technology, IP, market signals and risks.',
  advanced: 'Adds the business case, TRL, detailed IP, regulatory pathways, financial estimates and go-to-market.',
  comprehensive: 'Adds claims, global freedom-to-operate, market sizing, 5-year ROI, funding, licensing and a roadmap.',
};

export interface Tier {
  complexity: Complexity;
  name: string;
  cost: number;
  /** Every section of this report type, in reading order. */
  sections: ReportSectionDef[];
  /** The sections this type adds to the one below it. */
  added: ReportSectionDef[];
  /** The report type it builds on, if any. */
  builtOn: Complexity | undefined;
}

export const TIERS: Tier[] = COMPLEXITIES.map((complexity, i) => {
  const sections = sectionsFor(complexity);
  const below = i > 0 ? COMPLEXITIES[i - 1] : undefined;
  const belowKeys = new Set(below ? sectionsFor(below).map((s) => s.key) : []);
  return {
    complexity,
    name: TIER_LABELS[complexity],
    cost: REPORT_COSTS[complexity],
    sections,
    added: sections.filter((s) => !belowKeys.has(s.key)),
    builtOn: below,
  };
});
