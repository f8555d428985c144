import type { SectionPrompt } from '../types.ts';

export const risksPrompt: SectionPrompt = {
  key: 'risks',
  version: '1.1.0',
  brief: `## The reader's question
A register: risk, likelihood, impact, mitigation — technical, market, IP, regulatory, team, funding.

## Must cover
- 6-10 risks specific to this idea, covering all six categories (technical, market, ip, regulatory, team, funding).
- Likelihood and impact on 1-5 scales, scored consistently with the TRL and evidence elsewhere.
- A concrete mitigation for each, with an owner role.
- When a feature chart is given: the IP risk it shows (novelty lost to a document that discloses every feature, or claims narrowed to what remains new), citing the document.

## Output
- "risks": REQUIRED. The register rows (they are plotted on a 5x5 likelihood x impact matrix).
- A "bullets" block naming the top three risks by likelihood x impact and what would retire them.
- "confidence": in the overall risk assessment.

## Do not invent
Do not claim a risk is retired unless the record gives evidence.

## Close with
The mitigation to start now for the highest-scoring risk.`,
};
