import type { SectionPrompt } from '../types.ts';

export const licensingExitPrompt: SectionPrompt = {
  key: 'licensing_exit',
  version: '1.0.0',
  brief: `## The reader's question
Royalty ranges by field (to verify), exit routes and comparable paths.

## Must cover
- Licensing terms structure: field of use, territory, exclusivity, upfront, milestones, royalty base; royalty ranges only as commonly cited indicative ranges for the field, marked "to verify" against royalty databases or licensing surveys.
- Exit routes: trade sale to strategic acquirer types, licence-out, merger, IPO (rarely at early stage) — what each needs.
- Comparable paths by type (how similar technologies were commercialised), without invented deal names.

## Output
- A table "Term | Typical structure | Indicative range (to verify) | Note".
- "confidence": in the exit route.

## Do not invent
No named deals, valuations or royalty rates presented as fact.

## Close with
Where to find comparable licence terms (royalty databases, university technology-transfer reports, licensing professionals' surveys).`,
};
