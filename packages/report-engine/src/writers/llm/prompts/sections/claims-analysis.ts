import type { SectionPrompt } from '../types.ts';

export const claimsAnalysisPrompt: SectionPrompt = {
  key: 'claims_analysis',
  version: '1.0.0',
  brief: `## The reader's question
Draft independent and dependent claim themes, and which are strongest.

## Must cover
- Two or three independent claim THEMES (not drafted legal claims): product/apparatus, method/process, use or system.
- Dependent claim themes: features that add fallback positions.
- For each, the likely strength: novelty and inventive-step exposure, ease of detecting infringement, commercial relevance.

## Output
- A table "Claim theme | Type | Key features | Strength | Infringement detectability".
- A "verify" callout: this is not legal advice; a patent attorney must draft claims after a search.
- "confidence": in the strongest theme.

## Do not invent
No prior-art citations.

## Close with
Provide the attorney with the problem-solution statement, embodiments and data.`,
};
