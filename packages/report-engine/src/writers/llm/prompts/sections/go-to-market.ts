import type { SectionPrompt } from '../types.ts';

export const goToMarketPrompt: SectionPrompt = {
  key: 'go_to_market',
  version: '1.0.0',
  brief: `## The reader's question
First customers, channel, pricing approach, milestones.

## Must cover
- First customer profile and how to reach them; the pilot offer.
- Channel: direct, distributor, integrator, licensee; why.
- Pricing approach (value-based, cost-plus, subscription, per-use), with the logic not a fixed price.
- Milestones from pilot to repeatable sales.

## Output
- A table "Milestone | Target | Evidence of success".
- "confidence": in the channel choice.

## Do not invent
No named customers or distributors.

## Close with
The pilot proposal to send to the first three prospects.`,
};
