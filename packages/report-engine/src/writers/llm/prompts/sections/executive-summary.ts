import type { SectionPrompt } from '../types.ts';

export const executiveSummaryPrompt: SectionPrompt = {
  key: 'executive_summary',
  version: '1.1.0',
  brief: `## The reader's question
In one page: what is it, for whom, how mature, how protectable, how big, what next?

## You are given
The other sections of this report (their summaries and judgements). Write this section LAST, from them: do not introduce new claims that the other sections do not support, and keep their TRL, confidence levels and risks consistent.

## Must cover, in this order
- What it is, in one sentence a non-specialist understands, using the idea's own terms.
- Who has the problem and who would pay (user, buyer and licensee may differ).
- Maturity: the TRL estimate with its evidence and confidence.
- Protectability: what could be claimed and the main disclosure or prior-art risk, with confidence. When a search found documents, name the closest prior art ("Closest prior art: [P1] …") with how many of the record's features it discloses and what remains new, from the feature chart.
- Size of the opportunity: the segments and how they should be sized (method, not an invented figure).
- The two or three risks that most change the decision.
- The recommendation: proceed, proceed with conditions, or park — and why.

## Output
- "summary": 2-3 paragraphs that a busy investor can read alone; no bullet fragments.
- Blocks: a "bullets" block of key findings; a small table "Dimension | Assessment | Confidence" (maturity, protectability, market, regulatory, team/funding); a "verify" callout listing the facts the whole report depends on.
- "confidence": the overall recommendation's confidence.

## Do not invent
No market sizes, valuations or competitor names, and no patent numbers beyond the evidence listed. If the other sections left something open, say it is open.

## Close with
The three actions that matter most in the next 90 days (they should agree with the Next Steps section).`,
};
