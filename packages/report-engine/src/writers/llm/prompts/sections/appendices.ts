import type { SectionPrompt } from '../types.ts';

export const appendicesPrompt: SectionPrompt = {
  key: 'appendices',
  version: '1.0.0',
  brief: `## The reader's question
Glossary, assumptions, the TRL scale, the disclaimer, sources to verify.

## Must cover
- Glossary of the technical and commercial terms used in this report, including the idea's own terms.
- Consolidated assumptions used in the numeric sections.
- The TRL scale (Horizon Europe) with the estimated level marked.
- Sources to verify: patent databases, regulators, standards bodies, market data sources, by type and purpose.
- The disclaimer: not investment, legal or regulatory advice; facts marked "to verify" must be verified.

## Output
- Tables: "Term | Meaning", "Assumption | Value | Used in", "Source | Use it to verify".
- "trl": the estimated level and its evidence (for the scale chart).

## Do not invent
No sources that do not exist; name well-known public databases and bodies only.`,
};
