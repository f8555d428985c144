import type { SectionPrompt } from '../types.ts';

export const commercialisationOptionsPrompt: SectionPrompt = {
  key: 'commercialisation_options',
  version: '1.0.0',
  brief: `## The reader's question
License, spin-out, partnership, sale — pros and cons for this idea.

## Must cover
- Each route applied to THIS idea: what it would look like, who the counterparty type is, capital needed, control retained, time to first income.
- The recommended route at the current TRL and the trigger for switching routes.

## Output
- A table "Route | What it looks like here | Pros | Cons | Capital needed".
- "confidence": in the recommended route.

## Do not invent
No named counterparties or deal values.

## Close with
The first three steps of the recommended route.`,
};
