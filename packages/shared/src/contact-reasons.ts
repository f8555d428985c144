/** The contact forms' reasons (docs/product.md §2, §5 and §7). */

/** Every reason either form offers (the contact page adds custom_pricing to the RTTP list). */
export const CONTACT_REASONS = [
  'tech_scouting',
  'ip_licensing',
  'startup_formation',
  'funding_strategy',
  'global_market_access',
  'compliance_risks',
  'custom_pricing',
  'other',
] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

export const CONTACT_REASON_LABELS: Record<ContactReason, string> = {
  tech_scouting: 'Technology Scouting',
  ip_licensing: 'IP Licensing',
  startup_formation: 'Startup Formation',
  funding_strategy: 'Funding Strategy',
  global_market_access: 'Global Market Access',
  compliance_risks: 'Compliance & Risks',
  custom_pricing: 'Custom Pricing',
  other: 'Other',
};
