import type { SectionPrompt } from '../types.ts';

export const applicationsPrompt: SectionPrompt = {
  key: 'applications',
  version: '1.0.0',
  brief: `## The reader's question
Which markets and use cases, ranked by fit and time to revenue?

## Must cover
- 3-6 concrete applications derived from the record's mechanism and stated users.
- A ranking by fit (how well the technology solves that user's problem) and by time to revenue (regulatory burden, sales cycle, integration effort).
- The beachhead: the one application to start with, and why.

## Output
- A table "Application | Buyer | Fit (high/medium/low) | Time to revenue | Main hurdle", ranked.
- A "confidence" callout on the beachhead choice.

## Do not invent
No market sizes; if you mention size, describe how to estimate it and mark "to verify".

## Close with
How to validate the beachhead: which buyers to approach, which pilot to propose.`,
};
