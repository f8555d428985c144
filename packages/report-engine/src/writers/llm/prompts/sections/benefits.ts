import type { SectionPrompt } from '../types.ts';

export const benefitsPrompt: SectionPrompt = {
  key: 'benefits',
  version: '1.0.0',
  brief: `## The reader's question
What measurable advantage over today's solutions (cost, performance, safety, time)?

## Must cover
- Each benefit claimed or implied by the idea, tied to the mechanism that produces it.
- How each benefit would be measured: metric, baseline (today's approach), test method or standard.
- Which benefit a buyer would pay for first, and which are only nice to have.

## Evidence to use
Numbers stated in the record (quote them as claims, not facts); recognised test standards of the domain.

## Output
- A table "Benefit | Metric | Baseline to compare against | How to prove it | Status" where status is "claimed", "plausible" or "to verify".
- A "verify" callout with the claims that need test data.
- "confidence": in the headline benefit.

## Do not invent
Never turn a claimed figure into a proven one; never add percentages the record does not give.

## Close with
A benchmark test plan: what to test, against what baseline, under which standard or protocol.`,
};
