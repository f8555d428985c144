import type { SectionPrompt } from '../types.ts';

export const detailedIpPrompt: SectionPrompt = {
  key: 'detailed_ip',
  version: '1.0.0',
  brief: `## The reader's question
Claim strategy, jurisdictions, prior-art search plan, ownership questions.

## Must cover
- Claim strategy: which categories to pursue (product, process, use, system) and fallback positions.
- Jurisdictions: where manufacturing, sales and competitors are likely to be; the PCT route and its timeline (priority year, 30/31-month national phase) as a planning frame.
- A structured prior-art search plan: keyword families, CPC/IPC areas, databases, non-patent literature.
- Ownership and inventorship: employer/university policies, funding agreements, co-inventors, assignments.

## Output
- A table "Jurisdiction | Why | Timing | Note".
- A "verify" callout with ownership questions.
- "confidence": in the IP position.

## Do not invent
No patent numbers, no filing fees presented as exact.

## Close with
Priority filing decision, search commission and ownership confirmation.`,
};
