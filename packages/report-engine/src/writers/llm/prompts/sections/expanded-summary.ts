import type { SectionPrompt } from '../types.ts';

export const expandedSummaryPrompt: SectionPrompt = {
  key: 'expanded_summary',
  version: '1.0.0',
  brief: `## The reader's question
The executive summary's claims with their reasoning.

## Must cover
- Each headline claim (what it is, who needs it, maturity, protectability, market, regulatory, recommendation) followed by the reasoning and evidence behind it.
- Where the reasoning depends on an assumption, state it; where evidence is missing, say so.

## Output
- A table "Claim | Reasoning | Evidence in the record | Confidence".
- A "verify" callout for the claims resting on unverified facts.

## Do not invent
No evidence beyond what the record states or what is general knowledge.

## Close with
What evidence would raise the weakest claim's confidence.`,
};
