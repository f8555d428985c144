import type { SectionPrompt } from '../types.ts';

export const feasibilityPrompt: SectionPrompt = {
  key: 'feasibility',
  version: '1.1.0',
  brief: `## The reader's question
Can it be built and made at the needed cost and scale; what are the technical unknowns?

## Must cover
- Technical feasibility: does the mechanism rely on established science? What is the key unknown?
- Manufacturability and scale: materials, processes, tolerances, supply chain, and cost drivers of the unit.
- The current TRL (fill "trl") with evidence quoted from the record and what is needed to reach the next level.

## Output
- A table "Unknown | Why it matters | How to resolve | Effort".
- "trl": REQUIRED. Level, evidence from the invention record (and, cited, a listed document that discloses the mechanism: the principle is published, the level rests on the inventor's results), and steps to reach the next level.
- "confidence": in feasibility, with why.

## Do not invent
No test results; if the idea claims results, treat them as claims to reproduce.

## Close with
The critical experiment and its pass/fail criterion.`,
};
