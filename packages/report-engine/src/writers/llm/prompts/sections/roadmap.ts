import type { SectionPrompt } from '../types.ts';

export const roadmapPrompt: SectionPrompt = {
  key: 'roadmap',
  version: '1.0.0',
  brief: `## The reader's question
Milestones by quarter to the next TRL and first revenue.

## Must cover
- Quarter-by-quarter milestones (about 8-12 quarters) covering technical, IP, regulatory, commercial and funding tracks.
- Dependencies and the critical path.
- Decision gates.

## Output
- A table "Quarter | Technical | IP / regulatory | Commercial | Funding".
- A "bullets" block with the critical path.
- "confidence": in the timeline.

## Do not invent
Timing is a plan, not a promise; state the assumptions behind it.

## Close with
The milestones for the next quarter.`,
};
