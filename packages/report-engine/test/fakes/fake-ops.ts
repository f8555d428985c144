/**
 * A fake of EPO's Open Patent Services (OPS 3.2) on loopback, speaking its protocol as documented:
 *
 * - POST /3.2/auth/accesstoken with HTTP Basic key:secret and `grant_type=client_credentials`
 *   answers the token JSON (`access_token`, `expires_in` as a string of seconds, …); wrong
 *   credentials get 401 `invalid_client`.
 * - GET /3.2/rest-services/published-data/search/biblio?q=<CQL>&Range=1-25 with the bearer token
 *   answers `ops:world-patent-data` XML (exchange documents with bibliographic data and
 *   abstracts). A missing or unknown token is a 400 fault `CLIENT.InvalidAccessToken`; an expired
 *   one the same fault with "Access token has expired"; no result is a 404 `SERVER.EntityNotFound`.
 * - Every answer carries `X-Throttling-Control` and the quota headers; queued behaviours give
 *   the throttling and quota rejections (403 with `search=black:0` and Retry-After in ms; 403
 *   with `X-Rejection-Reason`).
 *
 *   const ops = await startFakeOps({ key: 'k', secret: 's' });
 *   ops.enqueue({ kind: 'throttle-black', retryAfterMs: 200 });
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { escapeHtml } from '@assay/shared';
import { listenOnLoopback } from './loopback.ts';
import type { ServedDocument } from './fake-evidence.ts';

export type FakeOpsBehaviour =
  | { kind: 'ok' }
  /** 403, search=black:0 and Retry-After (milliseconds, as OPS sends it). */
  | { kind: 'throttle-black'; retryAfterMs?: number }
  /** 403 with X-Rejection-Reason (IndividualQuotaPerHour, RegisteredQuotaPerWeek). */
  | { kind: 'quota'; reason: 'IndividualQuotaPerHour' | 'RegisteredQuotaPerWeek' }
  | { kind: 'server-error'; status?: number };

export interface FakeOpsRequest {
  method: string;
  path: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
  status: number;
  at: number;
}

export interface FakeOps {
  baseUrl: string;
  requests: FakeOpsRequest[];
  /** The search requests only. */
  searches(): FakeOpsRequest[];
  tokenRequests(): FakeOpsRequest[];
  served: ServedDocument[];
  enqueue(...b: FakeOpsBehaviour[]): void;
  /** The X-Throttling-Control header sent with answers from now on. */
  setThrottling(header: string): void;
  /** Every token issued so far has expired (as after 20 minutes). */
  expireTokens(): void;
  reset(): void;
  close(): Promise<void>;
}

const GREEN = 'idle (images=green:200, inpadoc=green:60, other=green:1000, retrieval=green:200, search=green:30)';
const APPLICANTS = [
  'Siemens Aktiengesellschaft',
  'Koninklijke Philips N.V.',
  'Toray Industries, Inc.',
  'BASF SE',
  'Commissariat à l’Énergie Atomique',
];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const esc = escapeHtml;

function fault(code: string, message: string) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<fault xmlns="http://ops.epo.org">\n  <code>${esc(code)}</code>\n  <message>${esc(message)}</message>\n</fault>`;
}

function document(words: string, i: number, served: ServedDocument[]) {
  const h = hash(`${words}#${i}`);
  const country = ['EP', 'WO', 'CN', 'JP', 'DE'][h % 5]!;
  const number = String(1_000_000 + (h % 3_000_000));
  const kind = country === 'EP' ? 'A1' : country === 'WO' ? 'A1' : 'A';
  const date = `${2005 + (h % 19)}0${1 + (h % 9)}1${h % 10}`;
  const title = [`${words} and process for its manufacture`, `Device comprising ${words}`, `Method of operating ${words}`][i % 3]!;
  const applicant = APPLICANTS[h % APPLICANTS.length]!;
  served.push({ identifier: `${country}${number}${kind}`, title });
  return `      <exchange-documents>
        <exchange-document system="ops.epo.org" family-id="${40_000_000 + (h % 9_000_000)}" country="${country}" doc-number="${number}" kind="${kind}">
          <bibliographic-data>
            <publication-reference>
              <document-id document-id-type="docdb"><country>${country}</country><doc-number>${number}</doc-number><kind>${kind}</kind><date>${date}</date></document-id>
              <document-id document-id-type="epodoc"><doc-number>${country}${number}</doc-number><date>${date}</date></document-id>
            </publication-reference>
            <classifications-ipcr><classification-ipcr sequence="1"><text>B01D  61/14        A I</text></classification-ipcr></classifications-ipcr>
            <parties>
              <applicants>
                <applicant sequence="1" data-format="epodoc"><applicant-name><name>${esc(applicant.toUpperCase())} [DE]</name></applicant-name></applicant>
                <applicant sequence="1" data-format="original"><applicant-name><name>${esc(applicant)}</name></applicant-name></applicant>
              </applicants>
              <inventors><inventor sequence="1" data-format="original"><inventor-name><name>MÜLLER, Anna</name></inventor-name></inventor></inventors>
            </parties>
            <invention-title lang="de">Vorrichtung ${esc(words)}</invention-title>
            <invention-title lang="en">${esc(title.toUpperCase())}</invention-title>
          </bibliographic-data>
          <abstract lang="en"><p>The invention relates to ${esc(words)}. A layer is arranged so that the ${esc(words)} can be produced at lower cost.</p></abstract>
        </exchange-document>
      </exchange-documents>`;
}

export async function startFakeOps(options: {
  key: string;
  secret: string;
  perQuery?: number;
  tokenLifetimeSeconds?: number;
}): Promise<FakeOps> {
  const queue: FakeOpsBehaviour[] = [];
  const requests: FakeOpsRequest[] = [];
  const served: ServedDocument[] = [];
  const tokens = new Map<string, { expired: boolean }>();
  let throttling = GREEN;
  let used = 0;

  const send = (
    rec: FakeOpsRequest,
    res: ServerResponse,
    status: number,
    body: string,
    type: string,
    headers: Record<string, string> = {},
  ) => {
    rec.status = status;
    used += body.length;
    res.writeHead(status, {
      'content-type': type,
      'x-throttling-control': throttling,
      'x-individualquotaperhour-used': String(used),
      'x-registeredquotaperweek-used': String(used * 3),
      ...headers,
    });
    res.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const rec: FakeOpsRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status: 0,
        at: Date.now(),
      };
      requests.push(rec);
      const xml = 'application/xml; charset=UTF-8';

      if (url.pathname === '/3.2/auth/accesstoken') {
        const expected = `Basic ${Buffer.from(`${options.key}:${options.secret}`).toString('base64')}`;
        if (req.method !== 'POST') return send(rec, res, 405, '{"error":"method_not_allowed"}', 'application/json');
        if (req.headers.authorization !== expected) {
          return send(
            rec,
            res,
            401,
            JSON.stringify({ error: 'invalid_client', error_description: 'Client credentials are invalid' }),
            'application/json',
          );
        }
        if (new URLSearchParams(rec.body).get('grant_type') !== 'client_credentials') {
          return send(
            rec,
            res,
            400,
            JSON.stringify({ error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' }),
            'application/json',
          );
        }
        const token = randomBytes(12).toString('base64url');
        tokens.set(token, { expired: false });
        return send(
          rec,
          res,
          200,
          JSON.stringify({
            refresh_token_expires_in: '0',
            api_product_list: '[ops-prod]',
            api_product_list_json: ['ops-prod'],
            organization_name: 'assay',
            'developer.email': 'ops@assay.example',
            token_type: 'BearerToken',
            issued_at: String(Date.now()),
            client_id: options.key,
            access_token: token,
            application_name: 'assay-test',
            scope: 'core',
            expires_in: String(options.tokenLifetimeSeconds ?? 1199),
            refresh_count: '0',
            status: 'approved',
          }),
          'application/json',
        );
      }

      if (url.pathname !== '/3.2/rest-services/published-data/search/biblio')
        return send(rec, res, 404, fault('SERVER.EntityNotFound', 'No such service'), xml);
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const token = bearer ? tokens.get(bearer) : undefined;
      if (!token) return send(rec, res, 400, fault('CLIENT.InvalidAccessToken', 'invalid_access_token'), xml);
      if (token.expired) return send(rec, res, 400, fault('CLIENT.InvalidAccessToken', 'Access token has expired'), xml);

      const behaviour = queue.shift() ?? { kind: 'ok' };
      if (behaviour.kind === 'throttle-black') {
        const saved = throttling;
        throttling = saved.replace(/search=\w+:\d+/, 'search=black:0').replace(/^\w+/, 'overloaded');
        send(
          rec,
          res,
          403,
          fault(
            'CLIENT.RobotDetected',
            'Recent behaviour implies you are a robot. The server is at the moment busy to serve robots. Please try again later',
          ),
          xml,
          { 'retry-after': String(behaviour.retryAfterMs ?? 60_000) },
        );
        throttling = saved;
        return;
      }
      if (behaviour.kind === 'quota') {
        return send(
          rec,
          res,
          403,
          fault('CLIENT.QuotaExceeded', 'This request has been rejected due to the violation of Fair Use policy'),
          xml,
          { 'x-rejection-reason': behaviour.reason },
        );
      }
      if (behaviour.kind === 'server-error')
        return send(rec, res, behaviour.status ?? 503, fault('SERVER.DomainAccess', 'Service unavailable'), xml);

      const cql = url.searchParams.get('q') ?? '';
      const m = /^ta all "([^"]+)"$/.exec(cql);
      if (!m) return send(rec, res, 400, fault('CLIENT.CQL', `Invalid CQL: ${cql}`), xml);
      const range = /^(\d+)-(\d+)$/.exec(url.searchParams.get('Range') ?? '1-25');
      if (!range || Number(range[2]) - Number(range[1]) >= 100)
        return send(rec, res, 413, fault('CLIENT.InvalidRange', 'Range is too large'), xml);
      const words = m[1]!.trim();
      if (/nothing/i.test(words)) return send(rec, res, 404, fault('SERVER.EntityNotFound', 'No results found'), xml);
      const n = Math.min(options.perQuery ?? 3, Number(range[2]) - Number(range[1]) + 1);
      const docs = Array.from({ length: n }, (_, i) => document(words, i, served)).join('\n');
      const body = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<?xml-stylesheet type="text/xsl" href="/3.2/style/pub-ftxt-claims.xsl"?>
<ops:world-patent-data xmlns="http://www.epo.org/exchange" xmlns:ops="http://ops.epo.org" xmlns:xlink="http://www.w3.org/1999/xlink">
  <ops:biblio-search total-result-count="${n * 11}">
    <ops:query syntax="CQL">${esc(cql)}</ops:query>
    <ops:range begin="${range[1]}" end="${Number(range[1]) + n - 1}"/>
    <ops:search-result>
${docs}
    </ops:search-result>
  </ops:biblio-search>
</ops:world-patent-data>`;
      send(rec, res, 200, body, xml);
    });
  });
  const { origin, close } = await listenOnLoopback(server);
  return {
    baseUrl: origin,
    requests,
    searches: () => requests.filter((r) => r.path.startsWith('/3.2/rest-services/')),
    tokenRequests: () => requests.filter((r) => r.path === '/3.2/auth/accesstoken'),
    served,
    enqueue: (...b) => void queue.push(...b),
    setThrottling: (h) => void (throttling = h),
    expireTokens: () => {
      for (const t of tokens.values()) t.expired = true;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      served.length = 0;
      throttling = GREEN;
    },
    close,
  };
}
