import type { SectionPrompt } from '../types.ts';

export const businessCasePrompt: SectionPrompt = {
  key: 'business_case',
  version: '1.0.0',
  brief: `## The reader's question
Why someone would pay, how much, and why now.

## Must cover
- The buyer's economic case: the cost or revenue effect of adopting the idea, as a value equation (e.g. savings per unit x volume) with stated assumptions.
- Willingness to pay: how to bound it (value-based share of savings, cost of the alternative), with a range and its basis.
- Why now: regulatory, cost or technology triggers.

## Output
- A table "Value driver | Mechanism | Assumption | How to verify".
- An "assumption" callout listing the inputs of the value equation.
- "confidence": in the business case.

## Do not invent
No prices or volumes as facts; use ranges with basis and mark them "to verify".

## Close with
Validate the value equation with two or three buyers, using their own numbers.`,
};
