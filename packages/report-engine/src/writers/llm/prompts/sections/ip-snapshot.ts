import type { SectionPrompt } from '../types.ts';

export const ipSnapshotPrompt: SectionPrompt = {
  key: 'ip_snapshot',
  version: '1.0.0',
  brief: `## The reader's question
What could be protected (product, process, use), what prior art to search, what disclosure risks exist?

## Must cover (brief, one page)
- Candidate protectable subject matter: product/apparatus, process/method, use/application, and whether know-how or trade secrets fit better for some parts.
- Disclosure risk: has the idea been published, presented, sold or shown? Public disclosure before filing can destroy novelty in most countries; grace periods are narrow and differ by jurisdiction.
- Where to search prior art: patent databases (Espacenet, PATENTSCOPE, USPTO Patent Public Search, Google Patents, InPASS for India) and non-patent literature, with suggested keywords and classification areas (CPC/IPC) to start from.
- Domain-specific exclusions from patentability, if they apply (e.g. methods of medical treatment, software as such, plant varieties).

## Output
- A table "What | Type of protection | Strength (initial view) | Note".
- A "verify" callout listing searches to run.
- "confidence": in patentability (usually low before a search).

## Do not invent
No patent numbers, applicants or search results.

## Close with
Keep the idea confidential; record an invention disclosure; run a first prior-art search; speak to a patent attorney before any publication.`,
};
