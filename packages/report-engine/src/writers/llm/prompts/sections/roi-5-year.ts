import type { SectionPrompt } from '../types.ts';

export const roi5YearPrompt: SectionPrompt = {
  key: 'roi_5_year',
  version: '1.0.0',
  brief: `## The reader's question
Year-by-year investment and return under stated scenarios.

## Must cover
- A five-year model: investment and revenue per year for a base scenario, built from stated assumptions (development spend, launch year, adoption, price, margin).
- Conservative and upside variants described in words or a small table.
- Payback year and what drives it.

## Output
- "roi": REQUIRED. Currency, unit, scenario label and five years of investment and revenue.
- A table titled "Assumptions" beside the figures.
- "confidence": in the model (normally low).

## Do not invent
The figures are a model, not a forecast; say so explicitly.

## Close with
The assumptions to validate first because the result is most sensitive to them.`,
};
