/**
 * The catalogue of report sections (docs/product.md §9, the engine's README): one entry per section, in the
 * order a reader meets them. Each tier contains every section of the tiers below it.
 * Keys are stable: they are stored with generated content and used to resume a report.
 */
import { COMPLEXITIES, type Complexity } from './constants.ts';

export const REPORT_SECTION_KEYS = [
  // Basic (15)
  'executive_summary',
  'problem',
  'technology',
  'benefits',
  'applications',
  'ip_snapshot',
  'next_steps',
  'expanded_summary',
  'fit',
  'feasibility',
  'ip_summary',
  'market_signals',
  'competitors',
  'regulatory',
  'risks',
  // Advanced adds (9)
  'business_case',
  'technology_description',
  'market_competition',
  'trl_challenges',
  'detailed_ip',
  'regulatory_pathways',
  'commercialisation_options',
  'financial_estimates',
  'go_to_market',
  // Comprehensive adds (10)
  'claims_analysis',
  'freedom_to_operate',
  'market_analysis',
  'business_models',
  'roi_5_year',
  'funding_strategy',
  'licensing_exit',
  'team_partners',
  'roadmap',
  'appendices',
] as const;

export type SectionKey = (typeof REPORT_SECTION_KEYS)[number];

export interface ReportSectionDef {
  key: SectionKey;
  title: string;
  /** The lowest tier that contains this section. */
  tier: Complexity;
  /** The reader's question this section answers (packages/report-engine/README.md). */
  question: string;
}

export const EXECUTIVE_SUMMARY_KEY = 'executive_summary' satisfies SectionKey;

export const SECTION_COUNTS: Record<Complexity, number> = {
  basic: 15,
  advanced: 24,
  comprehensive: 34,
};

export const REPORT_SECTIONS: readonly ReportSectionDef[] = [
  {
    key: 'executive_summary',
    title: 'Executive Summary',
    tier: 'basic',
    question: 'In one page: what is it, for whom, how mature, how protectable, how big, what next?',
  },
  {
    key: 'problem',
    title: 'The Problem',
    tier: 'basic',
    question: 'Whose pain is this, how is it solved today, and what does that cost them?',
  },
  {
    key: 'technology',
    title: 'The Technology',
    tier: 'basic',
    question: 'How does it work, in plain words, and what is genuinely new?',
  },
  {
    key: 'benefits',
    title: 'Benefits',
    tier: 'basic',
    question: "What measurable advantage over today's solutions (cost, performance, safety, time)?",
  },
  {
    key: 'applications',
    title: 'Applications',
    tier: 'basic',
    question: 'Which markets and use cases, ranked by fit and time to revenue?',
  },
  {
    key: 'ip_snapshot',
    title: 'IP Snapshot',
    tier: 'basic',
    question: 'What could be protected (product, process, use), what prior art to search, what disclosure risks exist?',
  },
  {
    key: 'next_steps',
    title: 'Next Steps',
    tier: 'basic',
    question: 'The three to five actions for the next 90 days.',
  },
  {
    key: 'expanded_summary',
    title: 'Expanded Summary',
    tier: 'basic',
    question: "The executive summary's claims with their reasoning.",
  },
  {
    key: 'fit',
    title: 'Licensee, Partner and Investor Fit',
    tier: 'basic',
    question: 'Which kinds of licensee, partner or investor this suits, and why.',
  },
  {
    key: 'feasibility',
    title: 'Feasibility',
    tier: 'basic',
    question: 'Can it be built and made at the needed cost and scale; what are the technical unknowns?',
  },
  {
    key: 'ip_summary',
    title: 'IP Summary',
    tier: 'basic',
    question: 'What could be protected (product, process, use), what prior art to search, what disclosure risks exist?',
  },
  {
    key: 'market_signals',
    title: 'Market Signals',
    tier: 'basic',
    question: 'What evidence of demand exists (trends, regulation, adjacent products), and what to verify.',
  },
  {
    key: 'competitors',
    title: 'Competitors and Alternatives',
    tier: 'basic',
    question: 'Which alternative approaches exist (by type, not invented names), and how this compares, in a matrix.',
  },
  {
    key: 'regulatory',
    title: 'Regulatory Landscape',
    tier: 'basic',
    question: 'Which regimes apply (e.g. medical device, food contact, emissions, data protection) and what that means for time and cost.',
  },
  {
    key: 'risks',
    title: 'Risk Register',
    tier: 'basic',
    question: 'A register: risk, likelihood, impact, mitigation — technical, market, IP, regulatory, team, funding.',
  },
  {
    key: 'business_case',
    title: 'Business Case',
    tier: 'advanced',
    question: 'Why someone would pay, how much, and why now.',
  },
  {
    key: 'technology_description',
    title: 'Technology Description',
    tier: 'advanced',
    question: 'The deeper technical account: components, mechanism, critical parameters.',
  },
  {
    key: 'market_competition',
    title: 'Market and Competition',
    tier: 'advanced',
    question: 'Segments, rough sizing with method, competitive dynamics.',
  },
  {
    key: 'trl_challenges',
    title: 'TRL and Technical Challenges',
    tier: 'advanced',
    question: 'Current TRL with evidence, and what it takes to reach the next levels.',
  },
  {
    key: 'detailed_ip',
    title: 'Detailed IP Analysis',
    tier: 'advanced',
    question: 'Claim strategy, jurisdictions, prior-art search plan, ownership questions.',
  },
  {
    key: 'regulatory_pathways',
    title: 'Regulatory Pathways',
    tier: 'advanced',
    question: 'The concrete route (classes, approvals, tests, bodies) with rough time and cost.',
  },
  {
    key: 'commercialisation_options',
    title: 'Commercialisation Options',
    tier: 'advanced',
    question: 'License, spin-out, partnership, sale — pros and cons for this idea.',
  },
  {
    key: 'financial_estimates',
    title: 'Financial Estimates',
    tier: 'advanced',
    question: 'Development cost, unit economics, break-even — with an assumptions table.',
  },
  {
    key: 'go_to_market',
    title: 'Go-to-Market Plan',
    tier: 'advanced',
    question: 'First customers, channel, pricing approach, milestones.',
  },
  {
    key: 'claims_analysis',
    title: 'Claims Analysis',
    tier: 'comprehensive',
    question: 'Draft independent and dependent claim themes, and which are strongest.',
  },
  {
    key: 'freedom_to_operate',
    title: 'Global Freedom-to-Operate',
    tier: 'comprehensive',
    question: "Where others' rights may block, what to search, how to design around.",
  },
  {
    key: 'market_analysis',
    title: 'Market Analysis',
    tier: 'comprehensive',
    question: 'Top-down and bottom-up sizing with stated assumptions.',
  },
  {
    key: 'business_models',
    title: 'Business Models',
    tier: 'comprehensive',
    question: 'Which revenue models fit, compared.',
  },
  {
    key: 'roi_5_year',
    title: '5-Year ROI',
    tier: 'comprehensive',
    question: 'Year-by-year investment and return under stated scenarios.',
  },
  {
    key: 'funding_strategy',
    title: 'Funding Strategy',
    tier: 'comprehensive',
    question: 'Grants, angels, VC, strategic partners — which stage, how much, what milestones unlock each.',
  },
  {
    key: 'licensing_exit',
    title: 'Licensing and Exit',
    tier: 'comprehensive',
    question: 'Royalty ranges by field (to verify), exit routes and comparable paths.',
  },
  {
    key: 'team_partners',
    title: 'Team and Partners',
    tier: 'comprehensive',
    question: 'Skills needed, gaps, partners to approach by type.',
  },
  {
    key: 'roadmap',
    title: 'Roadmap',
    tier: 'comprehensive',
    question: 'Milestones by quarter to the next TRL and first revenue.',
  },
  {
    key: 'appendices',
    title: 'Appendices',
    tier: 'comprehensive',
    question: 'Glossary, assumptions, the TRL scale, the disclaimer, sources to verify.',
  },
];

const TIER_RANK: Record<Complexity, number> = { basic: 0, advanced: 1, comprehensive: 2 };

/** The sections of a report of this complexity, in reading order (Basic 15, Advanced 24, Comprehensive 34). */
export function sectionsFor(complexity: Complexity): ReportSectionDef[] {
  if (!COMPLEXITIES.includes(complexity)) throw new Error(`Unknown complexity: ${String(complexity)}`);
  return REPORT_SECTIONS.filter((s) => TIER_RANK[s.tier] <= TIER_RANK[complexity]);
}

export function isSectionKey(value: string): value is SectionKey {
  return (REPORT_SECTION_KEYS as readonly string[]).includes(value);
}

export function sectionByKey(key: SectionKey): ReportSectionDef {
  const found = REPORT_SECTIONS.find((s) => s.key === key);
  if (!found) throw new Error(`Unknown section: ${key}`);
  return found;
}
