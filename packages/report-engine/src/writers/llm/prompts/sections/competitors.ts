import type { SectionPrompt } from '../types.ts';

export const competitorsPrompt: SectionPrompt = {
  key: 'competitors',
  version: '1.0.0',
  brief: `## The reader's question
Which alternative approaches exist (by type, not invented names), and how this compares, in a matrix.

## Must cover
- 3-5 alternative approaches BY TYPE (the incumbent method, the leading alternative technology, the do-nothing/manual option, emerging approaches).
- A comparison on the criteria buyers use: performance, cost, ease of adoption, regulatory burden, maturity.
- Where this idea wins and where it loses.

## Output
- A table "Approach | How it works | Strengths | Weaknesses | This idea compared" (the competitor matrix).
- A "verify" callout: how to name the actual players (patent applicant landscape, trade directories, procurement records, product catalogues).

## Do not invent
No company or product names as certain competitors. If you mention a well-known category, describe it generically.

## Close with
Build the named competitor list and test the comparison with three potential buyers.`,
};
