import type { SectionPrompt } from '../types.ts';

export const trlChallengesPrompt: SectionPrompt = {
  key: 'trl_challenges',
  version: '1.1.0',
  brief: `## The reader's question
Current TRL with evidence, and what it takes to reach the next levels.

## Must cover
- The current TRL (Horizon Europe scale) with the evidence quoted from the record, and why not one level higher. A listed document that discloses the mechanism shows the principle is published (cite it in the evidence); it does not change a stated level.
- For each of the next two or three levels: the demonstration required, the environment, typical test standards, rough effort, and the main technical challenge.

## Output
- "trl": REQUIRED. Level, evidence, what it takes to reach the next level.
- A table "Next TRL | Demonstration needed | Environment | Main challenge | Effort (range)".
- "confidence": in the TRL estimate, with why.

## Do not invent
Never infer a higher TRL than the evidence supports.

## Close with
The next demonstration's protocol and pass criteria.`,
};
