/**
 * Scholarly works from OpenAlex (https://api.openalex.org, free, CC0 data): the works list with
 * `search` (title, abstract and full text), `select` to fetch only the fields used, and `mailto`
 * to join the polite pool. Abstracts come as an inverted index (word → positions) and are rebuilt.
 */
import { z } from 'zod';
import type { EvidenceHit, EvidenceSource } from './evidence.ts';
import { getJson, SearchError, type HttpPolicy } from './http.ts';

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
  /** Sent as `mailto` (OpenAlex's polite pool). */
  mailto?: string;
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
    holders: (w.authorships ?? []).map((a) => a.author?.display_name?.trim() ?? '').filter(Boolean).slice(0, 6),
    year: w.publication_year ?? null,
    url: doi ? `https://doi.org/${doi}` : (w.primary_location?.landing_page_url ?? w.id),
    abstract: abstractFromInvertedIndex(w.abstract_inverted_index),
  };
}

export function createOpenAlexSource(options: OpenAlexOptions): EvidenceSource {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    name: 'openalex',
    kind: 'work',
    label: 'OpenAlex (scholarly works)',
    async search(query, signal) {
      const url = new URL(`${base}/works`);
      url.searchParams.set('search', query);
      url.searchParams.set('per-page', String(PER_PAGE));
      url.searchParams.set('select', SELECT.join(','));
      if (options.mailto) url.searchParams.set('mailto', options.mailto);
      const body = await getJson(url, {}, options, signal);
      const parsed = ListSchema.safeParse(body);
      if (!parsed.success) throw new SearchError('malformed', 'sent an answer that could not be read');
      return parsed.data.results.map(toHit).filter((h): h is EvidenceHit => h !== null);
    },
  };
}
