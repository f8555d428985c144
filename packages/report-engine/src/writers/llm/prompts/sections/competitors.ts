import type { SectionPrompt } from '../types.ts';

export const competitorsPrompt: SectionPrompt = {
  key: 'competitors',
  version: '1.1.0',
  brief: `## The reader's question
Which alternative approaches exist (by type, not invented names), and how this compares, in a matrix.

## Must cover
- 3-5 alternative approaches BY TYPE (the incumbent method, the leading alternative technology, the do-nothing/manual option, emerging approaches).
- A comparison on the criteria buyers use: performance, cost, ease of adoption, regulatory burden, maturity.
- Where this idea wins and where it loses.
- When a search found documents: the closest ones lead the matrix as approaches already published or patented, cited by id, with what each already discloses and what it does not show (from the feature chart).

## Output
- A table "Approach | How it works | Strengths | Weaknesses | This idea compared" (the competitor matrix).
- A "verify" callout: how to name the actual players (patent applicant landscape, trade directories, procurement records, product catalogues).

## Do not invent
No company or product names as certain competitors (a holder of a listed document may be named as its holder, cited). If you mention a well-known category, describe it generically.

## Close with
Build the named competitor list and test the comparison with three potential buyers.`,
};
