import type { SectionPrompt } from '../types.ts';

export const technologyDescriptionPrompt: SectionPrompt = {
  key: 'technology_description',
  version: '1.0.0',
  brief: `## The reader's question
The deeper technical account: components, mechanism, critical parameters.

## Must cover
- The system broken into components or process steps, each with its function.
- The mechanism in technical terms and the physics, chemistry, biology or algorithm behind it.
- Critical parameters: the variables that determine performance, their plausible operating window (as questions to resolve if not stated) and how to measure them.
- Interfaces and integration with the user's existing systems.

## Output
- A table "Component / step | Function | Critical parameter | How to measure".
- A "verify" callout for parameters that are not stated in the record.

## Do not invent
No specific values for parameters the record does not give; frame them as ranges to determine experimentally.

## Close with
A design-of-experiments plan for the critical parameters.`,
};
