import type { SectionPrompt } from '../types.ts';

export const ipSummaryPrompt: SectionPrompt = {
  key: 'ip_summary',
  version: '1.1.0',
  brief: `## The reader's question
What could be protected (product, process, use), what prior art to search, what disclosure risks exist? (The fuller view after the IP snapshot.)

## Must cover
- The inventive concept stated as a problem-solution pair, and its likely inventive step argument.
- Protection options compared: patent (product, process, use), utility model where available, design, trade secret / know-how, copyright for software, plant variety rights where relevant.
- Prior-art search plan: keyword families built from the record's terms, CPC/IPC areas to start from, non-patent literature sources.
- Disclosure and ownership: publications, talks, theses, grant reports, employer or university ownership, co-inventors.

## Output
- A table "Protection route | What it covers here | Pros | Cons".
- A "verify" callout with ownership and disclosure questions.
- "confidence": in patentability, with why.

## Do not invent
No patent numbers, claims of others or search results beyond the evidence listed for this section. When a feature chart is given, state what remains new over the closest documents (from the chart) and build the inventive-step argument on it.

## Close with
File an invention disclosure; commission a professional novelty search; decide on a priority filing (e.g. a provisional or first national filing) before any publication.`,
};
