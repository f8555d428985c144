import { CONTACT_REASON_LABELS, type ContactReason } from '@assay/shared';

/**
 * The original brief labels global_market_access both 'General query' and 'Global Market Access';
 * both forms show one combined label (docs/decisions/042-contact-forms.md).
 */
export const REASON_LABELS: Record<ContactReason, string> = {
  ...CONTACT_REASON_LABELS,
  global_market_access: 'General query / Global Market Access',
};

/** Contact page (Get in Touch): the general query first, then pricing and the service areas. */
export const CONTACT_PAGE_REASONS = [
  'global_market_access',
  'custom_pricing',
  'tech_scouting',
  'ip_licensing',
  'startup_formation',
  'funding_strategy',
  'compliance_risks',
  'other',
] as const satisfies readonly ContactReason[];

/** RTTP page: the expert service areas, in the original brief's order. */
export const RTTP_REASONS = [
  'tech_scouting',
  'ip_licensing',
  'startup_formation',
  'funding_strategy',
  'global_market_access',
  'compliance_risks',
  'other',
] as const satisfies readonly ContactReason[];
