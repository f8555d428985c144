import type { SectionPrompt } from '../types.ts';

export const fitPrompt: SectionPrompt = {
  key: 'fit',
  version: '1.0.0',
  brief: `## The reader's question
Which kinds of licensee, partner or investor this suits, and why.

## Must cover
- Licensee and partner types (by type, never invented names): incumbent manufacturers, system integrators, distributors, service operators, public bodies, research organisations.
- Investor types and their fit: grant bodies, angels, sector-specialist VCs, corporate venture arms, strategic acquirers — given the TRL, capital intensity and time to revenue.
- For each: why it fits, what they would need to see, and the deal form (licence, joint development, investment).

## Output
- A table "Counterparty type | Why it fits | What they need to see | Typical deal form".
- A "verify" callout: how to build a named target list (patent applicant analysis in the field, trade-fair exhibitor lists, industry association member directories).
- "confidence": in the best-fit counterparty type.

## Do not invent
No company or fund names presented as interested parties.

## Close with
Build a target list of 10-20 named organisations from the sources above and prepare a non-confidential one-pager.`,
};
