/**
 * Fake OpenAlex and PatentsView servers for tests and benches: real HTTP on 127.0.0.1, the real
 * request and response shapes (OpenAlex `GET /works?search&per-page&select&api_key` answering
 * `{ meta, results }` with inverted-index abstracts, 403 "slow down" and 429 "daily limit
 * exceeded"; PatentSearch `GET /api/v1/patent/?q&f&o&s` and `GET /api/v1/publication/` with the
 * X-Api-Key header, answering `{ error, count, total_hits, patents | publications }`), a pace,
 * and faults queued per request like the fake model's:
 *
 *   const pv = await startFakePatentsView({ apiKey: 'k', delayMs: 300 });
 *   pv.enqueue({ kind: 'rate-limit', retryAfterSeconds: 0.1 }, { kind: 'ok' });
 *
 * Documents are made from the words searched (deterministically), so any idea finds some; every
 * document served is recorded, so a test can look for its number or DOI in the report.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback.ts';

export type FakeSearchBehaviour =
  | { kind: 'ok' }
  | { kind: 'rate-limit'; retryAfterSeconds?: number }
  | { kind: 'server-error'; status?: number }
  /** Accept the request and never answer. */
  | { kind: 'hang' }
  /** 200 with a body that is not JSON. */
  | { kind: 'malformed-json' }
  /** OpenAlex's 403: too many requests a second, "slow down". */
  | { kind: 'slow-down' }
  /** OpenAlex's 429: the key's daily allowance is spent. */
  | { kind: 'daily-limit' };

export interface FakeSearchRequest {
  url: URL;
  headers: IncomingMessage['headers'];
  behaviour: FakeSearchBehaviour['kind'];
  /** When it arrived (Date.now()), to check a rate budget held. */
  at: number;
}

export interface ServedDocument {
  /** Patent number as the report shows it (US…) or the DOI. */
  identifier: string;
  title: string;
}

export interface FakeSearchServer {
  /** The base URL to configure (OPENALEX_URL / PATENTSVIEW_URL). */
  baseUrl: string;
  requests: FakeSearchRequest[];
  served: ServedDocument[];
  enqueue(...behaviours: FakeSearchBehaviour[]): void;
  setDefault(behaviour: FakeSearchBehaviour): void;
  reset(): void;
  close(): Promise<void>;
}

interface FakeOptions {
  /** Delay before every answer (benches use 300 ms). */
  delayMs?: number;
  /** Documents per search (before `per-page` / `o.size`). */
  perQuery?: number;
  /** The key the service accepts (OpenAlex: `api_key`; PatentsView: X-Api-Key); any other is refused. */
  apiKey?: string;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** The shared machinery: behaviour queue, pace, recording; `handle` answers an 'ok' request. */
async function startFakeSearch(
  options: FakeOptions,
  handle: (url: URL, req: IncomingMessage, res: ServerResponse, served: ServedDocument[]) => void,
): Promise<FakeSearchServer> {
  let defaultBehaviour: FakeSearchBehaviour = { kind: 'ok' };
  const queue: FakeSearchBehaviour[] = [];
  const requests: FakeSearchRequest[] = [];
  const served: ServedDocument[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const behaviour = queue.shift() ?? defaultBehaviour;
    requests.push({ url, headers: req.headers, behaviour: behaviour.kind, at: Date.now() });
    void (async () => {
      if (behaviour.kind === 'hang') return; // the socket stays open until the client gives up
      await sleep(options.delayMs ?? 0);
      if (res.destroyed) return;
      if (behaviour.kind === 'rate-limit') {
        sendJson(res, 429, { error: 'Too Many Requests' }, { 'retry-after': String(behaviour.retryAfterSeconds ?? 1) });
      } else if (behaviour.kind === 'server-error') {
        sendJson(res, behaviour.status ?? 500, { error: 'Internal Server Error' });
      } else if (behaviour.kind === 'slow-down') {
        sendJson(res, 403, { error: 'Forbidden', message: 'Too many requests per second; slow down.' });
      } else if (behaviour.kind === 'daily-limit') {
        sendJson(res, 429, { error: 'Too Many Requests', message: 'Daily limit exceeded for this API key. Limits reset at midnight UTC.' });
      } else if (behaviour.kind === 'malformed-json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"results": [{"id": "W1", "display_name": "trunc');
      } else {
        handle(url, req, res, served);
      }
    })();
  });
  const { origin, close } = await listenOnLoopback(server);
  return {
    baseUrl: origin,
    requests,
    served,
    enqueue: (...b) => void queue.push(...b),
    setDefault: (b) => void (defaultBehaviour = b),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      served.length = 0;
      defaultBehaviour = { kind: 'ok' };
    },
    close,
  };
}

const AUTHORS = ['A. Kumar', 'M. Rossi', 'L. Chen', 'S. Okafor', 'J. Müller', 'R. Silva', 'H. Tanaka'];
const ASSIGNEES = [
  'Example Filtration Corp.',
  'Northbridge Materials Inc.',
  'Delta Instruments GmbH',
  'Kestrel Labs Ltd.',
  'Univ. of Example',
];

function invertedIndex(text: string): Record<string, number[]> {
  const index: Record<string, number[]> = {};
  text.split(' ').forEach((w, i) => (index[w] ??= []).push(i));
  return index;
}

export async function startFakeOpenAlex(options: FakeOptions = {}): Promise<FakeSearchServer> {
  return startFakeSearch(options, (url, _req, res, served) => {
    if (url.pathname !== '/works') return sendJson(res, 404, { error: 'Not found' });
    if (options.apiKey !== undefined && url.searchParams.get('api_key') !== options.apiKey) {
      return sendJson(res, 401, { error: 'Unauthorized', message: 'Invalid API key. Get one at https://openalex.org/settings/api' });
    }
    if (url.searchParams.has('filter') && !url.searchParams.has('search')) {
      const n = Math.min(1, Number(url.searchParams.get('per-page') ?? 25) || 25);
      return sendJson(res, 200, {
        meta: { count: 1, page: 1, per_page: n },
        results: Array.from({ length: n }, () => ({ id: 'https://openalex.org/W1' })),
        group_by: [],
      });
    }
    const search = plainSearch(url.searchParams.get('search') ?? '');
    const perPage = Math.min(200, Number(url.searchParams.get('per-page') ?? 25) || 25);
    const select = url.searchParams.get('select')?.split(',');
    const n = Math.min(perPage, options.perQuery ?? 4);
    const works = Array.from({ length: search ? n : 0 }, (_, i) => {
      const h = hash(`${search}#${i}`);
      const title = [
        `${capitalise(search)}: design and characterisation`,
        `Performance of ${search} under field conditions`,
        `A review of ${search} and related methods`,
        `Low-cost ${search} for decentralised use`,
      ][i % 4]!;
      const abstract = `We study ${search} and report how its structure affects performance. Results from ${3 + (h % 20)} samples are compared with earlier designs.`;
      const doi = `10.5555/fake.${h.toString(36)}`;
      served.push({ identifier: doi, title });
      const work: Record<string, unknown> = {
        id: `https://openalex.org/W${h}`,
        doi: `https://doi.org/${doi}`,
        display_name: title,
        title,
        publication_year: 2012 + (h % 13),
        authorships: [0, 1, 2].map((k) => ({
          author_position: k === 0 ? 'first' : 'middle',
          author: { id: `https://openalex.org/A${h + k}`, display_name: AUTHORS[(h + k) % AUTHORS.length] },
        })),
        abstract_inverted_index: invertedIndex(abstract),
        primary_location: { landing_page_url: `https://example.org/works/${h}`, source: { display_name: 'Journal of Examples' } },
        cited_by_count: h % 300,
      };
      return select ? Object.fromEntries(Object.entries(work).filter(([k]) => select.includes(k))) : work;
    });
    sendJson(res, 200, {
      meta: { count: works.length, db_response_time_ms: 12, page: 1, per_page: perPage, groups_count: null },
      results: works,
      group_by: [],
    });
  });
}

/** The words a PatentSearch query searches for: its _text_* values, the first alternative of an _or, every part of an _and. */
function textWords(q: unknown): string[] {
  if (!q || typeof q !== 'object') return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(q as Record<string, unknown>)) {
    if (k.startsWith('_text_') && v && typeof v === 'object') out.push(String(Object.values(v)[0] ?? ''));
    else if (k === '_or' && Array.isArray(v)) out.push(...(v.map(textWords).find((w) => w.length > 0) ?? []));
    else if (k === '_and' && Array.isArray(v)) out.push(...v.flatMap(textWords));
  }
  return out;
}
const queryWords = (q: unknown) => [...new Set(textWords(q))].join(' ');

/** The words of an OpenAlex search as a reader would say them: quotes, AND and the synonyms after the first dropped. */
const plainSearch = (search: string) =>
  search
    .replace(/\(([^()]*)\)/g, (_, inner: string) => inner.split(/\s+OR\s+/)[0]!)
    .replace(/\s+AND\s+/g, ' ')
    .replace(/"/g, '')
    .trim();

export async function startFakePatentsView(options: FakeOptions & { apiKey: string }): Promise<FakeSearchServer> {
  return startFakeSearch(options, (url, req, res, served) => {
    const grants = url.pathname === '/api/v1/patent/';
    if (!grants && url.pathname !== '/api/v1/publication/') return sendJson(res, 404, { detail: 'Not found.' });
    if (req.headers['x-api-key'] !== options.apiKey)
      return sendJson(res, 403, { detail: 'You do not have permission to perform this action.' });
    let q: unknown, f: string[], o: { size?: number };
    try {
      q = JSON.parse(url.searchParams.get('q') ?? '');
      f = JSON.parse(
        url.searchParams.get('f') ?? (grants ? '["patent_id","patent_title"]' : '["document_number","publication_title"]'),
      ) as string[];
      o = JSON.parse(url.searchParams.get('o') ?? '{}') as { size?: number };
      JSON.parse(url.searchParams.get('s') ?? '[]');
    } catch {
      return sendJson(res, 400, { error: true, reason: 'Invalid JSON in query parameters' });
    }
    // The service answers at most 1,000 documents a request and refuses more.
    if (o.size !== undefined && (!Number.isInteger(o.size) || o.size < 1 || o.size > 1000)) {
      return sendJson(res, 400, { error: true, reason: 'Invalid option: size must be between 1 and 1000' });
    }
    const byNumber = q && typeof q === 'object' && 'patent_id' in q ? String((q as { patent_id: unknown }).patent_id) : null;
    const words = queryWords(q).trim();
    const n = byNumber ? 1 : Math.min(o.size ?? 100, options.perQuery ?? 4);
    const documents = Array.from({ length: words || byNumber ? n : 0 }, (_, i) => {
      const h = hash(`${grants ? '' : 'pub:'}${words}#${i}`);
      const id = byNumber ?? (grants ? String(8_000_000 + (h % 3_000_000)) : String(2015_0000000 + (h % 90_000_000)));
      const title = grants
        ? [
            `${capitalise(words)} and method of making the same`,
            `Apparatus comprising ${words}`,
            `System using ${words}`,
            `Improved ${words}`,
          ][i % 4]!
        : [`Method for producing ${words}`, `${capitalise(words)} assembly`, `Device with ${words}`, `Use of ${words}`][i % 4]!;
      if (!byNumber) served.push({ identifier: `US${id}`, title });
      const date = `${2008 + (h % 16)}-0${1 + (h % 9)}-1${h % 10}`;
      const abstract = `An apparatus includes ${words}. The arrangement improves reliability and lowers the cost of manufacture compared with known designs.`;
      const full: Record<string, unknown> = grants
        ? {
            patent_id: id,
            patent_title: title,
            patent_date: date,
            patent_abstract: abstract,
            assignees: [{ assignee_organization: ASSIGNEES[h % ASSIGNEES.length] }],
          }
        : {
            document_number: Number(id),
            publication_title: title,
            publication_date: date,
            publication_abstract: abstract,
            assignees: [{ assignee_organization: ASSIGNEES[h % ASSIGNEES.length] }],
          };
      const out: Record<string, unknown> = {};
      for (const field of f) {
        const [top] = field.split('.');
        if (top && top in full) out[top] = full[top];
      }
      return out;
    });
    sendJson(res, 200, {
      error: false,
      count: documents.length,
      total_hits: documents.length * 7,
      [grants ? 'patents' : 'publications']: documents,
    });
  });
}
