import type { SectionPrompt } from '../types.ts';

export const nextStepsPrompt: SectionPrompt = {
  key: 'next_steps',
  version: '1.0.0',
  brief: `## The reader's question
The three to five actions for the next 90 days.

## Must cover
- Three to five actions, each with: what exactly, who (role), output, rough effort or cost band, and which uncertainty it removes.
- The order: IP protection before disclosure; evidence of the key technical claim; customer discovery; funding steps.
- A decision gate at day 90: what result would justify the next investment.

## Output
- A table "Action | Owner (role) | Output | Timing | Uncertainty removed".
- A "next-steps" callout restating the immediate first action.
- "next_steps": the same actions, one line each.

## Do not invent
No named firms or people; use roles (patent attorney, test laboratory, pilot customer).`,
};
