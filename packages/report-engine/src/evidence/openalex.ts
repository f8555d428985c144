/**
 * Scholarly works from OpenAlex (https://api.openalex.org, CC0 data): the works list with
 * `search` (title, abstract and full text) and `select` to fetch only the fields used. Since
 * 13 February 2026 an API key is required (`api_key` on every request; without one the daily
 * allowance is a handful of searches). Its answers as documented: 403 means "slow down" (back
 * off and try again), 429 means the key's daily allowance is spent (not retried: it resets at
 * midnight UTC, and every retry would only be refused). Abstracts come as an inverted index
 * (word → positions) and are rebuilt.
 */
import { z } from 'zod';
import type { EvidenceHit, EvidenceSource, QueryShape } from './evidence.ts';
import { createSpentMemo, nextUtcMidnight } from './budget.ts';
import { defaultVerdict, getJson, retryAfter, SearchError, type FailedAnswer, type HttpPolicy, type Verdict } from './http.ts';

export const OPENALEX_DEFAULT_URL = 'https://api.openalex.org';
const PER_PAGE = 25;
const SELECT = ['id', 'doi', 'display_name', 'publication_year', 'authorships', 'abstract_inverted_index', 'primary_location'];

const WorkSchema = z.object({
  id: z.string(),
  doi: z.string().nullish(),
  display_name: z.string().nullish(),
  publication_year: z.number().int().nullish(),
  authorships: z.array(z.object({ author: z.object({ display_name: z.string().nullish() }).nullish() })).nullish(),
  abstract_inverted_index: z.record(z.string(), z.array(z.number().int())).nullish(),
  primary_location: z.object({ landing_page_url: z.string().nullish() }).nullish(),
});
const ListSchema = z.object({ results: z.array(WorkSchema) });

export interface OpenAlexOptions extends HttpPolicy {
  baseUrl: string;
  /** Sent as `api_key` on every request. */
  apiKey?: string;
  /** Sent as `mailto` (a contact for OpenAlex; no longer what grants the allowance). */
  mailto?: string;
  now?: () => number;
}

/** OpenAlex's documented statuses: 403 "slow down", 429 "daily limit exceeded". */
export function openAlexVerdict(a: FailedAnswer, now: number): Verdict {
  if (a.status === 403) {
    return { retry: new SearchError('rate_limited', 'asked us to slow down (HTTP 403)', 403), waitMs: retryAfter(a) };
  }
  if (a.status === 429) {
    const until = nextUtcMidnight(now);
    return {
      fail: new SearchError(
        'budget_spent',
        "has used up today's allowance of this service's key (HTTP 429); searches resume after midnight UTC",
        429,
        until,
      ),
    };
  }
  return defaultVerdict(a);
}

/** Rebuilds an abstract from OpenAlex's inverted index. */
export function abstractFromInvertedIndex(index: Record<string, number[]> | null | undefined, maxChars = 1200): string {
  if (!index) return '';
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) {
    for (const p of positions) if (p >= 0 && p < 5000) words[p] = word;
  }
  const text = words.filter(Boolean).join(' ');
  return text.length > maxChars ? `${text.slice(0, maxChars - 1).trimEnd()}…` : text;
}

function toHit(w: z.infer<typeof WorkSchema>): EvidenceHit | null {
  const title = w.display_name?.trim();
  if (!title) return null;
  const doi = w.doi?.replace(/^https?:\/\/(dx\.)?doi\.org\//i, '').trim() || null;
  const openAlexId = w.id.replace(/^https?:\/\/openalex\.org\//i, '');
  return {
    kind: 'work',
    source: 'openalex',
    identifier: doi ?? openAlexId,
    title,
    holders: (w.authorships ?? [])
      .map((a) => a.author?.display_name?.trim() ?? '')
      .filter(Boolean)
      .slice(0, 6),
    year: w.publication_year ?? null,
    url: doi ? `https://doi.org/${doi}` : (w.primary_location?.landing_page_url ?? w.id),
    abstract: abstractFromInvertedIndex(w.abstract_inverted_index),
  };
}

/**
 * A query family's shape in OpenAlex's terms (decision 215): `search` takes a quoted phrase or
 * words joined by AND with synonyms by OR; a class restriction is `filter=primary_topic.field.id:a|b`.
 */
export function openAlexSearch(query: string, shape?: QueryShape): { search: string; filter: string | null } {
  if (!shape) return { search: query, filter: null };
  const quote = (s: string) => (s.includes(' ') ? `"${s}"` : s);
  const search =
    shape.mode === 'phrase'
      ? `"${shape.groups[0]?.[0] ?? query}"`
      : shape.groups.map((g) => (g.length === 1 ? quote(g[0]!) : `(${g.map(quote).join(' OR ')})`)).join(' AND ');
  return { search, filter: shape.openAlexFields.length ? `primary_topic.field.id:${shape.openAlexFields.join('|')}` : null };
}

export function createOpenAlexSource(options: OpenAlexOptions): EvidenceSource {
  const base = options.baseUrl.replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  const spent = createSpentMemo(now);
  const works = (params: Record<string, string>) => {
    const url = new URL(`${base}/works`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    if (options.apiKey) url.searchParams.set('api_key', options.apiKey);
    if (options.mailto) url.searchParams.set('mailto', options.mailto);
    return url;
  };
  const get = async (url: URL, signal?: AbortSignal) => {
    spent.check();
    try {
      return await getJson(url, {}, options, signal, { classify: (a) => openAlexVerdict(a, now()) });
    } catch (e) {
      throw e instanceof SearchError ? spent.note(e) : e;
    }
  };
  return {
    name: 'openalex',
    kind: 'work',
    label: 'OpenAlex (scholarly works)',
    async search(query, signal, shape) {
      const { search, filter } = openAlexSearch(query, shape);
      const body = await get(
        works({ search, ...(filter ? { filter } : {}), 'per-page': String(PER_PAGE), select: SELECT.join(',') }),
        signal,
      );
      const parsed = ListSchema.safeParse(body);
      if (!parsed.success) throw new SearchError('malformed', 'sent an answer that could not be read');
      return parsed.data.results.map(toHit).filter((h): h is EvidenceHit => h !== null);
    },
    async probe(signal) {
      // A filter list of one id (a list request: a hundredth of a search's cost) that a refused key cannot pass.
      await get(works({ filter: 'publication_year:2020', 'per-page': '1', select: 'id' }), signal);
    },
  };
}
