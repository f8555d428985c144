/**
 * Patents worldwide from EPO's Open Patent Services (OPS 3.2, https://ops.epo.org): bibliographic
 * data and abstracts of publications from 100+ offices through a CQL search of published-data
 * (GET /3.2/rest-services/published-data/search/biblio?q=…&Range=1-25), answered in XML.
 *
 * - Access is OAuth2 client credentials: POST /3.2/auth/accesstoken with HTTP Basic (key:secret)
 *   and grant_type=client_credentials gives a bearer token for about 20 minutes. One token is
 *   shared by concurrent searches, renewed a minute before it expires, and renewed once more when
 *   OPS answers that it has expired (400/401 fault "invalid_access_token" / "Access token has expired").
 * - OPS throttles by itself: every answer carries `X-Throttling-Control`, e.g.
 *   `busy (images=green:100, inpadoc=green:45, other=green:1000, retrieval=green:50, search=yellow:15)`:
 *   per service a colour and an allowance per minute. Yellow or red → searches are spaced to that
 *   allowance; black → paused for the Retry-After (milliseconds in OPS). A 403 with
 *   `X-Rejection-Reason` (IndividualQuotaPerHour, RegisteredQuotaPerWeek…) is a spent quota: not
 *   retried, reported as such. No result is a 404 fault "SERVER.EntityNotFound": an empty answer.
 */
import { XMLParser } from 'fast-xml-parser';
import { sleep } from '../lib/retry-policy.ts';
import { createSpentMemo } from './budget.ts';
import type { EvidenceHit, EvidenceSource } from './evidence.ts';
import { defaultVerdict, requestText, SearchError, type FailedAnswer, type HttpPolicy, type Verdict } from './http.ts';

export const EPO_OPS_DEFAULT_URL = 'https://ops.epo.org';
const RANGE = '1-25';
/** Renew this long before the token's stated expiry. */
const TOKEN_MARGIN_MS = 60_000;

export interface EpoOpsOptions extends HttpPolicy {
  baseUrl: string;
  key: string;
  secret: string;
  now?: () => number;
}

/** The CQL for a few words: all of them in the title or abstract. Quotes and backslashes cannot break out of the phrase. */
export function opsQuery(query: string): string {
  return `ta all "${query.replace(/["\\]/g, ' ').replace(/\s+/g, ' ').trim()}"`;
}

export interface Throttle {
  system: string;
  colour: string;
  perMinute: number;
}

/** The search service's state from `X-Throttling-Control`, or null when absent or unreadable. */
export function readThrottle(header: string | undefined): Throttle | null {
  if (!header) return null;
  const system = /^\s*(\w+)/.exec(header)?.[1];
  const search = /search=(\w+):(\d+)/.exec(header);
  if (!system || !search) return null;
  return { system: system.toLowerCase(), colour: search[1]!.toLowerCase(), perMinute: Number(search[2]) };
}

/** OPS states Retry-After in milliseconds. */
function opsRetryAfterMs(headers: Record<string, string>): number | undefined {
  const v = Number(headers['retry-after']);
  return Number.isFinite(v) && v >= 0 ? v : undefined;
}

class TokenExpired extends Error {}
class NoResults extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) =>
    ['exchange-documents', 'exchange-document', 'invention-title', 'abstract', 'applicant', 'document-id', 'p'].includes(name),
});

type Node = Record<string, unknown>;
const obj = (v: unknown): Node => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const text = (v: unknown): string => {
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.map(text).join(' ');
  const n = obj(v);
  return n['#text'] !== undefined ? text(n['#text']) : '';
};
const byLanguage = (items: unknown[]) => items.find((i) => obj(i)['@lang'] === 'en') ?? items[0];
const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The fault code and message of an OPS error body (`<fault><code>…</code><message>…</message></fault>`). */
export function readFault(body: string): { code: string; message: string } {
  try {
    const fault = obj(obj(parser.parse(body))['fault']);
    return { code: clean(text(fault['code'])), message: clean(text(fault['message']) || text(fault['description'])) };
  } catch {
    return { code: '', message: '' };
  }
}

function toHit(doc: unknown): EvidenceHit | null {
  const d = obj(doc);
  const biblio = obj(d['bibliographic-data']);
  const title = clean(text(byLanguage(list(biblio['invention-title']))));
  const country = String(d['@country'] ?? '').trim();
  const number = String(d['@doc-number'] ?? '').trim();
  if (!title || !country || !number) return null;
  const identifier = `${country}${number}${String(d['@kind'] ?? '').trim()}`;
  const ids = list(obj(biblio['publication-reference'])['document-id']).map(obj);
  const date = text((ids.find((i) => i['@document-id-type'] === 'docdb') ?? ids[0] ?? {})['date']);
  const year = Number(date.slice(0, 4));
  const applicants = list(obj(obj(biblio['parties'])['applicants'])['applicant']).map(obj);
  // OPS lists each applicant twice: as filed ("original") and normalised ("epodoc", "ACME CORP [US]").
  const preferred = applicants.some((a) => a['@data-format'] === 'original')
    ? applicants.filter((a) => a['@data-format'] === 'original')
    : applicants;
  const holders = [
    ...new Set(
      preferred
        .map((a) =>
          clean(text(obj(a['applicant-name'])['name']))
            .replace(/\s*\[[A-Z]{2}\]$/, '')
            .replace(/,$/, ''),
        )
        .filter(Boolean),
    ),
  ].slice(0, 4);
  const abstractNode = obj(byLanguage(list(d['abstract'])));
  const abstract = clean(list(abstractNode['p']).map(text).join(' '));
  return {
    kind: 'patent',
    source: 'epo-ops',
    identifier,
    title,
    holders,
    year: Number.isInteger(year) && year > 1800 ? year : null,
    url: `https://worldwide.espacenet.com/patent/search?q=pn%3D${encodeURIComponent(identifier)}`,
    abstract: abstract.length > 1200 ? `${abstract.slice(0, 1199).trimEnd()}…` : abstract,
  };
}

/** The exchange documents of a search answer. Throws on anything that is not one. */
export function readSearchAnswer(body: string): EvidenceHit[] {
  let root: Node;
  try {
    root = obj(obj(parser.parse(body))['world-patent-data']);
  } catch {
    throw new SearchError('malformed', 'sent an answer that could not be read');
  }
  const search = obj(root['biblio-search']);
  if (!('search-result' in search) && search['@total-result-count'] === undefined) {
    throw new SearchError('malformed', 'sent an answer that could not be read');
  }
  const docs = list(obj(search['search-result'])['exchange-documents']).flatMap((e) => list(obj(e)['exchange-document']));
  return docs.map(toHit).filter((h): h is EvidenceHit => h !== null);
}

export function createEpoOpsSource(options: EpoOpsOptions): EvidenceSource {
  const base = options.baseUrl.replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  const spent = createSpentMemo(now);
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;
  let throttle: { pausedUntil: number; minIntervalMs: number; lastAt: number } = { pausedUntil: 0, minIntervalMs: 0, lastAt: 0 };

  async function fetchToken(signal?: AbortSignal): Promise<string> {
    const body = await requestText(
      {
        url: new URL(`${base}/3.2/auth/accesstoken`),
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${options.key}:${options.secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
        classify: (a) =>
          a.status === 400 || a.status === 401 || a.status === 403
            ? {
                fail: new SearchError(
                  'rejected',
                  `refused this service's OPS credentials (HTTP ${a.status}); check EPO_OPS_KEY and EPO_OPS_SECRET`,
                  a.status,
                ),
              }
            : defaultVerdict(a),
      },
      options,
      signal,
    );
    let answer: { access_token?: unknown; expires_in?: unknown };
    try {
      answer = JSON.parse(body) as typeof answer;
    } catch {
      throw new SearchError('malformed', 'sent an answer that could not be read');
    }
    if (typeof answer.access_token !== 'string' || !answer.access_token)
      throw new SearchError('malformed', 'sent an answer that could not be read');
    const lifetimeMs = (Number(answer.expires_in) || 1199) * 1000;
    token = { value: answer.access_token, expiresAt: now() + lifetimeMs };
    return token.value;
  }

  /** One token for every concurrent search; a new one when it is about to expire. */
  function accessToken(signal?: AbortSignal): Promise<string> {
    if (token && token.expiresAt - TOKEN_MARGIN_MS > now()) return Promise.resolve(token.value);
    pending ??= fetchToken(signal).finally(() => (pending = null));
    return pending;
  }

  function noteThrottle(headers: Record<string, string>) {
    const t = readThrottle(headers['x-throttling-control']);
    if (!t) return;
    if (t.colour === 'black' || t.perMinute === 0) {
      throttle = { ...throttle, pausedUntil: now() + (opsRetryAfterMs(headers) ?? 60_000) };
    } else {
      const slow = t.colour === 'yellow' || t.colour === 'red' || t.system === 'overloaded';
      throttle = { ...throttle, minIntervalMs: slow ? Math.ceil(60_000 / t.perMinute) : 0 };
    }
  }

  /** Waits as OPS asked: past a pause, and spaced to the allowance while the service is not green. */
  async function paced(signal?: AbortSignal) {
    const t = now();
    const slot = Math.max(t, throttle.pausedUntil, throttle.lastAt + throttle.minIntervalMs);
    if (slot - t > options.maxRetryDelayMs)
      throw new SearchError('rate_limited', `asked us to pause searches for ${Math.ceil((slot - t) / 1000)} s (throttling)`);
    // Reserved before sleeping, so concurrent searches queue one behind the other.
    throttle.lastAt = slot;
    if (slot > t) {
      try {
        await sleep(slot - t, signal);
      } catch {
        throw new SearchError('aborted', 'was stopped');
      }
    }
  }

  function classify(a: FailedAnswer): Verdict {
    const fault = readFault(a.body);
    if ((a.status === 400 || a.status === 401) && /access.?token/i.test(`${fault.code} ${fault.message}`)) {
      throw new TokenExpired();
    }
    if (a.status === 404 && /EntityNotFound|No results/i.test(`${fault.code} ${fault.message}`)) throw new NoResults();
    if (a.status === 403) {
      const reason = a.headers['x-rejection-reason'];
      if (reason) {
        const weekly = /week/i.test(reason);
        const until = new Date(now() + (weekly ? 7 * 24 : /day/i.test(reason) ? 24 : 1) * 3_600_000);
        return {
          fail: new SearchError(
            'budget_spent',
            `has used up this service's ${weekly ? 'weekly' : /day/i.test(reason) ? 'daily' : 'hourly'} OPS quota (HTTP 403, ${reason})`,
            403,
            until,
          ),
        };
      }
      const t = readThrottle(a.headers['x-throttling-control']);
      if (t?.colour === 'black' || /RobotDetected|throttl|overload/i.test(`${fault.code} ${fault.message}`)) {
        return {
          retry: new SearchError('rate_limited', 'asked us to slow down (HTTP 403, throttling)', 403),
          waitMs: opsRetryAfterMs(a.headers) ?? 60_000,
        };
      }
      return { fail: new SearchError('rejected', `refused the search (HTTP 403${fault.code ? `, ${fault.code}` : ''})`, 403) };
    }
    return defaultVerdict(a);
  }

  async function get(url: URL, signal?: AbortSignal): Promise<string | null> {
    spent.check();
    for (let renewed = false; ; renewed = true) {
      const bearer = await accessToken(signal);
      try {
        return await requestText(
          {
            url,
            accept: 'application/xml',
            headers: { authorization: `Bearer ${bearer}` },
            classify,
            beforeAttempt: paced,
            onHeaders: noteThrottle,
          },
          options,
          signal,
        );
      } catch (e) {
        if (e instanceof NoResults) return null;
        if (e instanceof TokenExpired) {
          // Expired or revoked early: renew once; a second refusal is not a token problem we can fix.
          if (token?.value === bearer) token = null;
          if (!renewed) continue;
          throw new SearchError('rejected', 'refused a freshly issued access token (HTTP 400)', 400);
        }
        throw e instanceof SearchError ? spent.note(e) : e;
      }
    }
  }

  return {
    name: 'epo-ops',
    kind: 'patent',
    label: 'EPO Open Patent Services (patents worldwide)',
    async search(query, signal) {
      const url = new URL(`${base}/3.2/rest-services/published-data/search/biblio`);
      url.searchParams.set('q', opsQuery(query));
      url.searchParams.set('Range', RANGE);
      const body = await get(url, signal);
      return body === null ? [] : readSearchAnswer(body);
    },
    async probe(signal) {
      // The token request alone proves the credentials, and spends none of the search quota.
      token = null;
      await accessToken(signal);
    },
  };
}
