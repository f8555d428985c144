import type { SectionPrompt } from '../types.ts';

export const problemPrompt: SectionPrompt = {
  key: 'problem',
  version: '1.0.0',
  brief: `## The reader's question
Whose pain is this, how is it solved today, and what does that cost them?

## Must cover
- The specific user or operator who suffers the problem, described from the invention record (role, setting, scale).
- How the problem is handled today: the incumbent approaches by type (process, product, workaround) and their shortcomings.
- The cost of the problem to that user: money, time, safety, compliance, quality — as a structure of cost drivers, with ranges only where you can state the basis.
- Why it remains unsolved (technical limits, economics, regulation, habits).

## Evidence to use
Statements in the record about the problem; general, well-established knowledge about the field. Mark anything quantitative "to verify" and say where to verify it (sector surveys, regulators' statistics, customer interviews).

## Output
- A table "Stakeholder | Pain today | Current workaround | Cost driver".
- A "verify" callout with the claims about the problem that need evidence, and where to get it.
- "confidence": how well the problem is evidenced by the invention record (usually medium or low until customers are interviewed).

## Do not invent
No survey results, statistics or named customers.

## Close with
Discovery steps: e.g. 10-15 structured interviews with the named user type, the questions to ask, and what answer would invalidate the problem.`,
};
