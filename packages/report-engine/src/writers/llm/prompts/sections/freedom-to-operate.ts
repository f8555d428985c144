import type { SectionPrompt } from '../types.ts';

export const freedomToOperatePrompt: SectionPrompt = {
  key: 'freedom_to_operate',
  version: '1.0.0',
  brief: `## The reader's question
Where others' rights may block, what to search, how to design around.

## Must cover
- Where third-party rights are most likely in this field (component technologies, manufacturing processes, standard-essential areas) and in which jurisdictions.
- An FTO search plan: in-force patents in target markets, claim-by-claim review, legal status checks.
- Design-around options and licensing-in options.

## Output
- A table "Area of exposure | Why | Jurisdictions | Search to run | Design-around idea".
- A "verify" callout: an FTO opinion requires a qualified attorney.
- "confidence": in the FTO exposure view (usually low before a search).

## Do not invent
No patent numbers or owners.

## Close with
Scope and budget an FTO search for the first launch market.`,
};
