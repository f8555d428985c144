/**
 * US patents from the PatentsView PatentSearch API (https://search.patentsview.org): granted
 * patents from GET /api/v1/patent/ and pre-grant publications (published applications) from
 * GET /api/v1/publication/, both with JSON-valued parameters q (the query), f (fields), o
 * (options, e.g. size) and s (sort), authenticated by the X-Api-Key header. Answers are
 * `{ error, count, total_hits, patents | publications: [...] }`.
 *
 * The key allows 45 requests a minute; every request, each endpoint and each retry, first takes
 * a slot of that budget from the RateGate shared by all reports, workers and servers (budget.ts),
 * so searches queue instead of being refused.
 */
import { z } from 'zod';
import { acquireSlot, budgetBucket, createMemoryRateGate, type RateGate, type RateLimit } from './budget.ts';
import type { EvidenceHit, EvidenceSource, QueryShape } from './evidence.ts';
import { getJson, SearchError, type HttpPolicy } from './http.ts';

export const PATENTSVIEW_DEFAULT_URL = 'https://search.patentsview.org';
/** PatentSearch's documented allowance per key. */
export const PATENTSVIEW_BUDGET: RateLimit = { requests: 45, windowMs: 60_000 };
// The API sorts by date only (it has no relevance order), so each request takes 100 answers, not
// the newest 25: older, often closer, documents reach the ranking by features (rank.ts).
const SIZE = 100;
const FIELDS = ['patent_id', 'patent_title', 'patent_date', 'patent_abstract', 'assignees.assignee_organization'];
const PUBLICATION_FIELDS = [
  'document_number',
  'publication_title',
  'publication_date',
  'publication_abstract',
  'assignees.assignee_organization',
];

const Assignees = z.array(z.object({ assignee_organization: z.string().nullish() })).nullish();
const PatentSchema = z.object({
  patent_id: z.string().min(1),
  patent_title: z.string().nullish(),
  patent_date: z.string().nullish(),
  patent_abstract: z.string().nullish(),
  assignees: Assignees,
});
const PublicationSchema = z.object({
  document_number: z.union([z.string().min(1), z.number().int()]),
  publication_title: z.string().nullish(),
  publication_date: z.string().nullish(),
  publication_abstract: z.string().nullish(),
  assignees: Assignees,
});
const AnswerSchema = z.object({ error: z.boolean().optional(), patents: z.array(PatentSchema).nullable() });
const PublicationAnswerSchema = z.object({ error: z.boolean().optional(), publications: z.array(PublicationSchema).nullable() });

export interface PatentsViewOptions extends HttpPolicy {
  baseUrl: string;
  apiKey: string;
  /** The budget's ledger (one per process when absent). */
  gate?: RateGate;
  budget?: RateLimit;
  /** Longest a search waits in the budget's queue before it is reported as rate-limited. */
  maxQueueMs?: number;
  /** Also search pre-grant publications (default true). */
  publications?: boolean;
}

/**
 * The PatentSearch query: every word of the search in the title, or every word in the abstract.
 * With a query family's shape (decision 215): the phrase in the title or abstract, or each word
 * (by any of its synonyms) in the title or abstract, and within the CPC subclasses when given.
 */
export function patentQuery(
  query: string,
  shape?: QueryShape,
  fields = { title: 'patent_title', abstract: 'patent_abstract' },
): Record<string, unknown> {
  const inText = (op: '_text_all' | '_text_phrase', words: string) => ({
    _or: [{ [op]: { [fields.title]: words } }, { [op]: { [fields.abstract]: words } }],
  });
  if (!shape) return inText('_text_all', query);
  const text =
    shape.mode === 'phrase'
      ? inText('_text_phrase', shape.groups[0]?.[0] ?? query)
      : { _and: shape.groups.map((g) => (g.length === 1 ? inText('_text_all', g[0]!) : { _or: g.map((w) => inText('_text_all', w)) })) };
  if (shape.cpc.length === 0 || fields.title !== 'patent_title') return text;
  return { _and: [text, { _or: shape.cpc.map((c) => ({ _begins: { 'cpc_current.cpc_subclass_id': c } })) }] };
}

/**
 * The same query on the publication endpoint's fields. Without the class restriction: the
 * classes are asked of granted patents only, so no field the publication endpoint may refuse is sent.
 */
export function publicationQuery(query: string, shape?: QueryShape) {
  return patentQuery(query, shape, { title: 'publication_title', abstract: 'publication_abstract' });
}

const clip = (text: string) => (text.length > 1200 ? `${text.slice(0, 1199).trimEnd()}…` : text);
const holders = (a: z.infer<typeof Assignees>) =>
  (a ?? [])
    .map((x) => x.assignee_organization?.trim() ?? '')
    .filter(Boolean)
    .slice(0, 4);
const yearOf = (date: string | null | undefined) => {
  const year = date ? Number(date.slice(0, 4)) : NaN;
  return Number.isInteger(year) ? year : null;
};

function toHit(p: z.infer<typeof PatentSchema>): EvidenceHit | null {
  const title = p.patent_title?.trim();
  if (!title) return null;
  const number = `US${p.patent_id.trim()}`;
  return {
    kind: 'patent',
    source: 'patentsview',
    identifier: number,
    title,
    holders: holders(p.assignees),
    year: yearOf(p.patent_date),
    url: `https://patents.google.com/patent/${encodeURIComponent(number)}`,
    abstract: clip(p.patent_abstract?.trim() ?? ''),
  };
}

/** A published application: its number is the year and a serial ("US20230123456", printed US 2023/0123456). */
function publicationHit(p: z.infer<typeof PublicationSchema>): EvidenceHit | null {
  const title = p.publication_title?.trim();
  if (!title) return null;
  const number = `US${String(p.document_number).trim()}`;
  return {
    kind: 'patent',
    source: 'patentsview',
    identifier: number,
    title,
    holders: holders(p.assignees),
    year: yearOf(p.publication_date),
    url: `https://patents.google.com/patent/${encodeURIComponent(number)}`,
    abstract: clip(p.publication_abstract?.trim() ?? ''),
  };
}

export function createPatentsViewSource(options: PatentsViewOptions): EvidenceSource {
  const base = options.baseUrl.replace(/\/+$/, '');
  const gate = options.gate ?? createMemoryRateGate();
  const budget = options.budget ?? PATENTSVIEW_BUDGET;
  const bucket = budgetBucket('patentsview', options.apiKey);
  const maxQueueMs = options.maxQueueMs ?? 120_000;
  const ask = (path: string, params: Record<string, unknown>, signal?: AbortSignal) => {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, JSON.stringify(v));
    return getJson(url, { 'X-Api-Key': options.apiKey }, options, signal, {
      beforeAttempt: (s) => acquireSlot(gate, bucket, budget, maxQueueMs, s),
    });
  };

  const grants = async (query: string, signal?: AbortSignal, shape?: QueryShape) => {
    const body = await ask(
      '/api/v1/patent/',
      { q: patentQuery(query, shape), f: FIELDS, o: { size: SIZE }, s: [{ patent_date: 'desc' }] },
      signal,
    );
    const parsed = AnswerSchema.safeParse(body);
    if (!parsed.success) throw new SearchError('malformed', 'sent an answer that could not be read');
    if (parsed.data.error) throw new SearchError('rejected', 'rejected the search');
    return (parsed.data.patents ?? []).map(toHit).filter((h): h is EvidenceHit => h !== null);
  };
  const applications = async (query: string, signal?: AbortSignal, shape?: QueryShape) => {
    const body = await ask(
      '/api/v1/publication/',
      { q: publicationQuery(query, shape), f: PUBLICATION_FIELDS, o: { size: SIZE }, s: [{ publication_date: 'desc' }] },
      signal,
    );
    const parsed = PublicationAnswerSchema.safeParse(body);
    if (!parsed.success) throw new SearchError('malformed', 'sent an answer that could not be read');
    if (parsed.data.error) throw new SearchError('rejected', 'rejected the search');
    return (parsed.data.publications ?? []).map(publicationHit).filter((h): h is EvidenceHit => h !== null);
  };

  return {
    name: 'patentsview',
    kind: 'patent',
    label: options.publications === false ? 'PatentsView (granted US patents)' : 'PatentsView (US patents and published applications)',
    async search(query, signal, shape) {
      if (options.publications === false) return grants(query, signal, shape);
      // Both or neither: a search that half-failed would be cached and reported as complete. Both
      // are awaited, so a failed search leaves none of its requests (or retries) running.
      const [granted, published] = await Promise.allSettled([grants(query, signal, shape), applications(query, signal, shape)]);
      if (granted.status === 'rejected') throw granted.reason;
      if (published.status === 'rejected') throw published.reason;
      return [...granted.value, ...published.value];
    },
    async probe(signal) {
      // One patent by number: the cheapest request the key must be valid for (one slot of the budget).
      const body = await ask('/api/v1/patent/', { q: { patent_id: '10000000' }, f: ['patent_id'], o: { size: 1 } }, signal);
      if (!AnswerSchema.safeParse(body).success) throw new SearchError('malformed', 'sent an answer that could not be read');
    },
  };
}
