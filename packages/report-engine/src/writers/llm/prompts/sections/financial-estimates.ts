import type { SectionPrompt } from '../types.ts';

export const financialEstimatesPrompt: SectionPrompt = {
  key: 'financial_estimates',
  version: '1.0.0',
  brief: `## The reader's question
Development cost, unit economics, break-even — with an assumptions table.

## Must cover
- Development cost to the next milestone (by work package: engineering, testing, IP, regulatory), as ranges.
- Unit economics: cost structure of one unit or service, target price logic, gross margin.
- Break-even logic: volume needed given fixed costs and margin.

## Output
- A table "Item | Low | High | Basis".
- A table titled "Assumptions" or an "assumption" callout beside every figure.
- "confidence": in the estimates (normally low at early TRL).

## Do not invent
All numbers are illustrative outputs of stated assumptions, never facts. Say so.

## Close with
Which inputs to replace first with quotes or measured data.`,
};
