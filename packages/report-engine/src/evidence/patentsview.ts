/**
 * Granted US patents from the PatentsView PatentSearch API (https://search.patentsview.org):
 * GET /api/v1/patent/ with JSON-valued parameters q (the query), f (fields), o (options, e.g.
 * size) and s (sort), authenticated by the X-Api-Key header. The answer is
 * `{ error, count, total_hits, patents: [...] }`.
 */
import { z } from 'zod';
import type { EvidenceHit, EvidenceSource } from './evidence.ts';
import { getJson, SearchError, type HttpPolicy } from './http.ts';

export const PATENTSVIEW_DEFAULT_URL = 'https://search.patentsview.org';
const SIZE = 25;
const FIELDS = ['patent_id', 'patent_title', 'patent_date', 'patent_abstract', 'assignees.assignee_organization'];

const PatentSchema = z.object({
  patent_id: z.string().min(1),
  patent_title: z.string().nullish(),
  patent_date: z.string().nullish(),
  patent_abstract: z.string().nullish(),
  assignees: z.array(z.object({ assignee_organization: z.string().nullish() })).nullish(),
});
const AnswerSchema = z.object({ error: z.boolean().optional(), patents: z.array(PatentSchema).nullable() });

export interface PatentsViewOptions extends HttpPolicy {
  baseUrl: string;
  apiKey: string;
}

/** The PatentSearch query: every word of the search in the title, or every word in the abstract. */
export function patentQuery(query: string) {
  return { _or: [{ _text_all: { patent_title: query } }, { _text_all: { patent_abstract: query } }] };
}

function toHit(p: z.infer<typeof PatentSchema>): EvidenceHit | null {
  const title = p.patent_title?.trim();
  if (!title) return null;
  const number = `US${p.patent_id.trim()}`;
  const year = p.patent_date ? Number(p.patent_date.slice(0, 4)) : NaN;
  const abstract = p.patent_abstract?.trim() ?? '';
  return {
    kind: 'patent',
    source: 'patentsview',
    identifier: number,
    title,
    holders: (p.assignees ?? []).map((a) => a.assignee_organization?.trim() ?? '').filter(Boolean).slice(0, 4),
    year: Number.isInteger(year) ? year : null,
    url: `https://patents.google.com/patent/${encodeURIComponent(number)}`,
    abstract: abstract.length > 1200 ? `${abstract.slice(0, 1199).trimEnd()}…` : abstract,
  };
}

export function createPatentsViewSource(options: PatentsViewOptions): EvidenceSource {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    name: 'patentsview',
    kind: 'patent',
    label: 'PatentsView (granted US patents)',
    async search(query, signal) {
      const url = new URL(`${base}/api/v1/patent/`);
      url.searchParams.set('q', JSON.stringify(patentQuery(query)));
      url.searchParams.set('f', JSON.stringify(FIELDS));
      url.searchParams.set('o', JSON.stringify({ size: SIZE }));
      url.searchParams.set('s', JSON.stringify([{ patent_date: 'desc' }]));
      const body = await getJson(url, { 'X-Api-Key': options.apiKey }, options, signal);
      const parsed = AnswerSchema.safeParse(body);
      if (!parsed.success) throw new SearchError('malformed', 'sent an answer that could not be read');
      if (parsed.data.error) throw new SearchError('rejected', 'rejected the search');
      return (parsed.data.patents ?? []).map(toHit).filter((h): h is EvidenceHit => h !== null);
    },
  };
}
