import type { ContactReason } from '@assay/shared';

/** The six RTTP service areas, each with the details shown when expanded. */
export interface ServiceArea {
  id: Extract<
    ContactReason,
    'tech_scouting' | 'ip_licensing' | 'startup_formation' | 'funding_strategy' | 'global_market_access' | 'compliance_risks'
  >;
  title: string;
  icon: string;
  summary: string;
  details: readonly string[];
}

export const SERVICE_AREAS: readonly ServiceArea[] = [
  {
    id: 'tech_scouting',
    title: 'Technology Scouting',
    icon: 'search',
    summary: 'Find the technologies, research groups and partners that match a need — or the buyers that match your invention.',
    details: [
      'Landscape searches across patents, publications and university portfolios',
      'Shortlists of licensable technologies for a defined industrial problem',
      'Matching inventions with companies looking for them',
      'Technology readiness (TRL) screening of candidates',
    ],
  },
  {
    id: 'ip_licensing',
    title: 'IP Licensing',
    icon: 'key',
    summary: 'Structure and negotiate licences that reward inventors and give licensees room to build.',
    details: [
      'Choosing between exclusive, non-exclusive and field-of-use licences',
      'Royalty, milestone and upfront fee benchmarks',
      'Term sheets, negotiation support and licensee due diligence',
      'Working with your patent attorney on filing strategy before disclosure',
    ],
  },
  {
    id: 'startup_formation',
    title: 'Startup Formation',
    icon: 'rocket',
    summary: 'Spin an invention out into a company with the right founders, structure and IP arrangements.',
    details: [
      'Spin-out models and equity splits between inventors and institutions',
      'Assigning or licensing IP into the new company',
      'Founding team gaps, advisers and first hires',
      'Incubator and accelerator selection',
    ],
  },
  {
    id: 'funding_strategy',
    title: 'Funding Strategy',
    icon: 'coins',
    summary: 'Plan the money: grants, angels, venture capital and strategic partners, in the right order.',
    details: [
      'Non-dilutive grants and government schemes',
      'Investor-ready pitch narrative built on your assessment report',
      'Valuation drivers and milestone-based funding plans',
      'Introductions to investors where there is a fit',
    ],
  },
  {
    id: 'global_market_access',
    title: 'Global Market Access',
    icon: 'globe',
    summary: 'Take a technology beyond its home market with partners, distributors and the right entry sequence.',
    details: [
      'Market prioritisation by demand, competition and regulatory effort',
      'Distribution, channel and joint-venture partners',
      'Patent coverage in the countries that matter',
      'Cross-border licensing and technology transfer agreements',
    ],
  },
  {
    id: 'compliance_risks',
    title: 'Compliance & Risks',
    icon: 'scale',
    summary: 'See the regulatory and legal hurdles early, and plan around them.',
    details: [
      'Regulatory pathway mapping (medical, energy, food, telecom and more)',
      'Freedom-to-operate risk review with your counsel',
      'Export control and data protection questions',
      'Risk registers and mitigation plans for investors and partners',
    ],
  },
];
