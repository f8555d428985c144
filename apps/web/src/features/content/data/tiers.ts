import type { Complexity } from '@assay/shared';

export const TIER_LABELS: Record<Complexity, string> = {
  basic: 'Basic',
  advanced: 'Advanced',
  comprehensive: 'Comprehensive',
};
