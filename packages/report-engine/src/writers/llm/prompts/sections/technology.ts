import type { SectionPrompt } from '../types.ts';

export const technologyPrompt: SectionPrompt = {
  key: 'technology',
  version: '1.0.0',
  brief: `## The reader's question
How does it work, in plain words, and what is genuinely new?

## Must cover
- The mechanism in plain words, step by step, using the idea's own terms (inputs, what happens, outputs).
- What is genuinely new versus known building blocks: separate the novel element(s) from standard components.
- The critical assumption the technology rests on (the thing that must be true for it to work).

## Evidence to use
Only the invention record and established science or engineering. If the idea is vague about the mechanism, say what is missing.

## Output
- A "bullets" block "How it works".
- A table "Element | Known or new? | Why it matters".
- A "verify" callout: what prior-art search must confirm about novelty.
- "confidence": in the stated novelty (usually low to medium before a prior-art search).

## Do not invent
No performance numbers, materials or components the record does not state; propose them only as options, clearly labelled.

## Close with
The experiment or analysis that would best demonstrate the novel element.`,
};
