import type { SectionPrompt } from '../types.ts';

export const marketCompetitionPrompt: SectionPrompt = {
  key: 'market_competition',
  version: '1.0.0',
  brief: `## The reader's question
Segments, rough sizing with method, competitive dynamics.

## Must cover
- Segments with the buyer, the use case and the purchase driver.
- Rough sizing METHOD per segment (bottom-up: number of buyers x units x price; top-down: share of a reported spend) with the inputs to find and where to find them. Numbers only as illustrative ranges with assumptions.
- Competitive dynamics: incumbents' likely response, switching costs, channel control, substitution threats.

## Output
- A table "Segment | Buyer | Sizing method | Inputs to verify".
- An "assumption" callout with any illustrative figures' assumptions.
- "confidence": in the segment priority.

## Do not invent
No market size presented as fact.

## Close with
The three data sources to acquire first for sizing.`,
};
