import type { SectionPrompt } from '../types.ts';

export const regulatoryPathwaysPrompt: SectionPrompt = {
  key: 'regulatory_pathways',
  version: '1.0.0',
  brief: `## The reader's question
The concrete route (classes, approvals, tests, bodies) with rough time and cost.

## Must cover
- The likely classification in each main market and the reasoning, with the uncertainty.
- The route step by step: quality system, testing, technical file or dossier, conformity assessment or approval body type, post-market duties.
- Rough time and cost per step as ranges with their basis, all marked "to verify".

## Output
- A table "Step | Body / standard | Time (range) | Cost (range) | Basis".
- An "assumption" callout for the ranges.
- "confidence": in the classification.

## Do not invent
No invented guidance documents or fee schedules.

## Close with
A classification request or pre-submission meeting, and a quote from an accredited laboratory.`,
};
