import type { SectionPrompt } from '../types.ts';

export const regulatoryPrompt: SectionPrompt = {
  key: 'regulatory',
  version: '1.0.0',
  brief: `## The reader's question
Which regimes apply (e.g. medical device, food contact, emissions, data protection) and what that means for time and cost.

## Must cover
- The regimes that plausibly apply to this idea in the main markets (e.g. EU, US, India), named accurately (regulation or standard family), and why they apply.
- What each means in practice: certification, testing, approvals, registrations, and the effect on time to market and cost (ranges with basis, to verify).
- Which regime is on the critical path.

## Output
- A table "Regime | Why it applies | What it requires | Effect on time/cost | Status (to verify)".
- A "verify" callout: which regulator guidance or notified body/test lab to consult.
- "confidence": in the regulatory classification.

## Do not invent
No clause numbers you are unsure of, no approval decisions, no fixed fees or durations presented as facts.

## Close with
A pre-submission or classification check with the regulator or an accredited test laboratory.`,
};
