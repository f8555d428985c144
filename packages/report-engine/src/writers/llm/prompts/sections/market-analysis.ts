import type { SectionPrompt } from '../types.ts';

export const marketAnalysisPrompt: SectionPrompt = {
  key: 'market_analysis',
  version: '1.0.0',
  brief: `## The reader's question
Top-down and bottom-up sizing with stated assumptions.

## Must cover
- Top-down: the spend category this idea addresses, the share addressable, and the sources where the category spend is reported (to verify).
- Bottom-up: number of target buyers x adoption x units x price, with every input as an assumption.
- Reconcile the two and explain differences. TAM/SAM/SOM only with stated method.

## Output
- A table "Input | Value (assumption) | Basis | Source to verify".
- An "assumption" callout.
- "confidence": in the sizing (normally low until inputs are verified).

## Do not invent
Illustrative figures only, clearly labelled; never a market size as fact.

## Close with
Which inputs to verify and from which sources.`,
};
