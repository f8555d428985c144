import type { SectionPrompt } from '../types.ts';

export const fundingStrategyPrompt: SectionPrompt = {
  key: 'funding_strategy',
  version: '1.0.0',
  brief: `## The reader's question
Grants, angels, VC, strategic partners — which stage, how much, what milestones unlock each.

## Must cover
- Funding stages mapped to TRL milestones: non-dilutive grants and public programmes (by type, and where to look), angels, seed/VC, corporate/strategic money.
- For each stage: purpose, order-of-magnitude amount as a range with basis, the milestone that unlocks it.

## Output
- A table "Stage | Source type | Amount (range) | Use of funds | Unlocking milestone".
- A "verify" callout: current calls and eligibility must be checked on the funders' own sites.
- "confidence": in the funding path.

## Do not invent
No named grant calls with deadlines or amounts as facts, no named investors.

## Close with
The first funding application to prepare and the evidence it needs.`,
};
