import type { Complexity, SectionKey } from '@assay/shared';
import type { EvidenceItem } from '../../../evidence/evidence.ts';
import type { FeatureChart } from '../../../evidence/feature-chart.ts';
import type { Facts } from '../facts.ts';

/** What every section composer receives. */
export interface SectionInput {
  key: SectionKey;
  tier: Complexity;
  facts: Facts;
  /** The documents this section may cite (by id). */
  evidence: readonly EvidenceItem[];
  /** One line naming the closest documents found, cited; null without a search or results. */
  closest: string | null;
  /** The feature chart over the closest of those documents; null without a search, results or features. */
  chart: FeatureChart | null;
}
