import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { CONTENT_TOPICS, listenForContentChanges, onContentChange, type ContentTopic } from '../lib/content-changes.ts';
import { logRequest, logsEveryRequest } from './request-log.ts';
import type { AppInstance } from './types.ts';
import type { SecurityHeaders } from './security-headers.ts';

/** A public read answered from a copy kept in this process (docs/decisions/120-public-read-cache.md). */
export interface PublicReadRule {
  /** The route as Fastify names it: method and full URL, e.g. 'GET /api/blog/posts/:slug'. */
  route: string;
  /** What its answer shows: a change to any of these drops its copies. Empty: changes only with a new build. */
  topics: readonly ContentTopic[];
  /** Default: browsers and shared caches keep it but ask again each time (a 304 while unchanged). */
  cacheControl?: string;
  /** Reads something of the answer once, when it is first built, for `onServe`. */
  note?: (body: string) => unknown;
  /** Runs for every answer of the route, from the copy or not (counting a view). */
  onServe?: (req: IncomingMessage, note: unknown) => void;
  /**
   * The query a request's copy is kept under, in one canonical form, or null for an answer not to
   * keep. Parameters the answer does not depend on must be left out: each distinct key is a
   * rebuild anyone could force. Default: the query as the route's schema reads it (parameters it
   * does not know dropped, values in the form it parses them to), or none for a route without one.
   */
  query?: (params: URLSearchParams) => string | null;
}

/** Answers a request from a kept copy when there is one; false leaves it to Fastify. */
export type AnswerFromCopy = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface PublicReads {
  rules: PublicReadRule[];
  /** Runs when the app closes (a writer's last flush). */
  close?: () => Promise<void>;
}

export const REVALIDATE = 'public, no-cache';
/** Copies are rebuilt at least this often (view counts shown; a notification never heard). */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 2000;
const MAX_BYTES = 64 * 1024 * 1024;

/** A response body with its validator and its compressed forms, each made once when first asked for. */
export interface CachedBody {
  body: Buffer;
  type: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** One way a copy goes out: status line's code, headers as Node's flat [name, value, …] list, bytes. */
interface Ready {
  status: 200 | 304;
  headers: string[];
  body?: Buffer;
}
type Form = 'plain' | 'br' | 'gzip' | 'notModified';

interface Entry extends CachedBody {
  rule: PublicReadRule;
  note: unknown;
  storedAt: number;
  /** Each form's whole response, made the first time a client asks for it. */
  ready: Partial<Record<Form, Ready>>;
}

export function cachedBody(body: string | Buffer, type: string): CachedBody {
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  return { body: buf, type, etag: `W/"${createHash('sha1').update(buf).digest('base64url')}"` };
}

const acceptSeen = new Map<string, 'br' | 'gzip' | undefined>();

/** br or gzip, whichever the client prefers (br on a tie); undefined for the plain bytes. */
export function preferredEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  // Browsers send a handful of distinct values: each is parsed once (a few hundred kept at most).
  if (acceptSeen.has(accept)) return acceptSeen.get(accept);
  const choice = parseAcceptEncoding(accept);
  if (acceptSeen.size >= 256) acceptSeen.clear();
  acceptSeen.set(accept, choice);
  return choice;
}

function parseAcceptEncoding(accept: string): 'br' | 'gzip' | undefined {
  let best: 'br' | 'gzip' | undefined;
  let bestQ = 0;
  for (const part of accept.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const token = name.trim();
    if (token !== 'br' && token !== 'gzip' && token !== 'x-gzip') continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    const encoding = token === 'br' ? 'br' : 'gzip';
    if (quality > bestQ || (quality === bestQ && encoding === 'br' && quality > 0)) [best, bestQ] = [encoding, quality];
  }
  return bestQ > 0 ? best : undefined;
}

function matchesValidator(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

const compress = {
  // Quality 5: most of brotli's gain at a fraction of its top setting's time, on first use only.
  br: (b: Buffer) => brotliCompressSync(b, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: b.length } }),
  gzip: (b: Buffer) => gzipSync(b, { level: 6 }),
};

/**
 * Sends a kept body: its validator (304 when the client has it), `Vary: Accept-Encoding`, and
 * br, gzip or plain bytes as the client asks.
 */
export function sendCached(req: FastifyRequest, reply: FastifyReply, c: CachedBody, cacheControl = REVALIDATE) {
  reply.header('etag', c.etag).header('cache-control', cacheControl).header('vary', 'Accept-Encoding');
  if (reply.statusCode === 200 && matchesValidator(req.headers['if-none-match'], c.etag)) return reply.code(304).send();
  reply.header('content-type', c.type);
  // Small bodies gain nothing from compression.
  const encoding = c.body.length >= 1024 ? preferredEncoding(req.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(c.body);
  const bytes = (c[encoding] ??= compress[encoding](c.body));
  return reply.header('content-encoding', encoding).send(bytes);
}

const START = Symbol('public-cache-start');
const KEY = Symbol('public-cache-key');
type Marked = FastifyRequest & { [START]?: number[]; [KEY]?: string };

/** A zod schema as Fastify holds a route's querystring schema (`route()` passes the declaration's). */
interface QuerySchema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false };
}
const isQuerySchema = (s: unknown): s is QuerySchema => typeof (s as QuerySchema | undefined)?.safeParse === 'function';

/**
 * The query parameters as one object, or null when one is repeated (no read takes a list, and
 * each repetition would be another key).
 */
export function queryObject(params: URLSearchParams): Record<string, string> | null {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, v] of params) {
    if (k in out) return null;
    out[k] = v;
  }
  return out;
}

/** The default `query` of a rule: the schema's reading of the query, in the schema's order. */
function schemaQuery(schema: unknown): (params: URLSearchParams) => string | null {
  if (!isQuerySchema(schema)) return () => '';
  return (params) => {
    const raw = queryObject(params);
    const parsed = raw && schema.safeParse(raw);
    if (!parsed?.success) return null;
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(parsed.data as Record<string, unknown>)) {
      if (v !== undefined && v !== null) out.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean));
    }
    return out.toString();
  };
}

/**
 * A request's copy key: the path with each segment in one percent-encoding, then the rule's
 * canonical query; null when the answer is not to be kept. So `?utm_source=…`, `?x=1`, `%61` for
 * `a` or parameters in another order find the copy already made instead of making another.
 */
function copyKey(url: string, query: (params: URLSearchParams) => string | null): string | null {
  const at = url.indexOf('?');
  const rawPath = at < 0 ? url : url.slice(0, at);
  let pathname: string;
  try {
    pathname = rawPath
      .split('/')
      .map((s) => encodeURIComponent(decodeURIComponent(s)))
      .join('/');
  } catch {
    return null; // a malformed escape: Fastify answers it
  }
  const q = query(new URLSearchParams(at < 0 ? '' : url.slice(at + 1)));
  if (q === null) return null;
  return q ? `${pathname}?${q}` : pathname;
}

/**
 * The public reads answered from copies kept in this process. A copy is dropped when its topic
 * changes (`contentChanged` here, the database's notification from any process), and no copy is
 * used while those notifications cannot be heard. A response started before a change is not kept.
 * Copies are answered by the function returned, which the HTTP server calls before Fastify
 * (decision 137); Fastify answers the rest and keeps the copies.
 * Also: API answers that did not choose their caching are never stored by browsers or proxies.
 */
export async function publicCache(
  app: AppInstance,
  db: Db,
  groups: PublicReads[],
  security: SecurityHeaders = { document: {}, api: {} },
): Promise<AnswerFromCopy> {
  const rules = new Map(groups.flatMap((g) => g.rules).map((r) => [r.route, r]));
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const generation = new Map<ContentTopic, number>(CONTENT_TOPICS.map((t) => [t, 0]));
  let trusted = false;

  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.body.length;
    entries.delete(key);
  };
  const forget = (topic?: ContentTopic) => {
    for (const t of topic ? [topic] : CONTENT_TOPICS) generation.set(t, generation.get(t)! + 1);
    for (const [key, e] of entries) if (!topic || e.rule.topics.includes(topic)) drop(key);
  };
  const unsubscribe = onContentChange(db, {
    changed: (topic) => forget(topic),
    listening(heard) {
      trusted = heard;
      forget();
    },
  });
  const listener = await listenForContentChanges(db, app.log);
  // Closing, Fastify answers 503 and closes kept-alive connections: copies must not keep them open.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await listener.close();
    for (const g of groups) await g.close?.();
  });

  const ready = (e: Entry, form: Form): Ready => {
    const headers = Object.entries(e.type.startsWith('application/json') ? security.api : security.document).flat();
    headers.push('etag', e.etag, 'cache-control', e.rule.cacheControl ?? REVALIDATE, 'vary', 'Accept-Encoding');
    if (form === 'notModified') return { status: 304, headers };
    const body = form === 'plain' ? e.body : (e[form] ??= compress[form](e.body));
    headers.push('content-type', e.type);
    if (form !== 'plain') headers.push('content-encoding', form);
    headers.push('content-length', String(body.length));
    return { status: 200, headers, body };
  };

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rule = methods.map((m) => rules.get(`${m} ${route.url}`)).find(Boolean);
    if (!rule) return;
    const snapshot = () => rule.topics.map((t) => generation.get(t)!);
    const query = rule.query ?? schemaQuery(route.schema?.querystring);
    route.onRequest = [
      ...[route.onRequest ?? []].flat(),
      (req, reply, done) => {
        const key = copyKey(req.url, query);
        if (key === null) return done();
        // An address not written as its key (another order, a parameter the read ignores) reaches
        // Fastify, and is answered here from the key's copy when there is one: not rebuilt.
        if (req.method === 'GET' && answer(key, req.raw, reply.raw)) {
          reply.hijack();
          return;
        }
        (req as Marked)[KEY] = key;
        (req as Marked)[START] = snapshot();
        done();
      },
    ];
    route.onSend = [
      ...[route.onSend ?? []].flat(),
      (req, reply, payload, done) => {
        const start = (req as Marked)[START];
        const key = (req as Marked)[KEY];
        if (!start || key === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
        const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
        const e: Entry = { ...cachedBody(payload, type), rule, note: rule.note?.(payload), storedAt: Date.now(), ready: {} };
        // Kept only when no change happened since the request began.
        if (trusted && snapshot().every((g, i) => g === start[i])) {
          drop(key);
          entries.set(key, e);
          bytes += e.body.length;
          for (const key of entries.keys()) {
            if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
            drop(key);
          }
        }
        rule.onServe?.(req.raw, e.note);
        reply
          .header('etag', e.etag)
          .header('cache-control', rule.cacheControl ?? REVALIDATE)
          .header('vary', 'Accept-Encoding');
        if (matchesValidator(req.headers['if-none-match'], e.etag)) {
          reply.code(304);
          return done(null, '');
        }
        const encoding = e.body.length >= 1024 ? preferredEncoding(req.headers['accept-encoding']) : undefined;
        if (!encoding) return done(null, payload);
        reply.header('content-encoding', encoding);
        return done(null, (e[encoding] ??= compress[encoding](e.body)));
      },
    ];
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  const logEach = logsEveryRequest(app.log);
  /** Answers from the copy kept under `key` when there is a fresh one. */
  function answer(key: string, req: IncomingMessage, res: ServerResponse): boolean {
    const e = trusted && !closing ? entries.get(key) : undefined;
    if (!e || Date.now() - e.storedAt >= MAX_AGE_MS) return false;
    // Most recently read last: past the bounds the least recently read go first, so a flood of
    // new addresses (a search per request) cannot push out the copies readers keep using.
    entries.delete(key);
    entries.set(key, e);
    const started = logEach ? performance.now() : 0;
    e.rule.onServe?.(req, e.note);
    // The headers (security headers included) and bytes are ready: Fastify's routing, hooks,
    // request objects and serialisation would add nothing (the profile in docs/benchmarks.md).
    const notModified = matchesValidator(req.headers['if-none-match'], e.etag);
    const encoding = notModified || e.body.length < 1024 ? undefined : preferredEncoding(req.headers['accept-encoding']);
    const form: Form = notModified ? 'notModified' : (encoding ?? 'plain');
    const out = (e.ready[form] ??= ready(e, form));
    res.writeHead(out.status, out.headers);
    res.end(out.body);
    if (logEach) logRequest(app.log, req.method, req.url!, out.status, performance.now() - started);
    return true;
  }
  // The address as sent is tried as a key first: the app sends its reads in their canonical form.
  return (req, res) => req.method === 'GET' && answer(req.url!, req, res);
}
