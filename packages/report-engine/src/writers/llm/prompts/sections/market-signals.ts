import type { SectionPrompt } from '../types.ts';

export const marketSignalsPrompt: SectionPrompt = {
  key: 'market_signals',
  version: '1.0.0',
  brief: `## The reader's question
What evidence of demand exists (trends, regulation, adjacent products), and what to verify.

## Must cover
- Demand signals by type: regulation tightening or incentives, cost pressure, technology trends, adjacent products that show buyers already pay for similar outcomes, public funding calls.
- For each signal, whether it is established knowledge or must be verified, and where.
- Counter-signals: reasons demand might be weaker than it looks.

## Output
- A table "Signal | Type | Why it matters here | Status (established / to verify) | Where to verify".
- "confidence": in market timing.

## Do not invent
No market sizes, growth rates or report titles presented as facts.

## Close with
A short desk-research plan and 5-10 buyer conversations to confirm willingness to pay.`,
};
