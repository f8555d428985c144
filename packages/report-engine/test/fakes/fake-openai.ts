/**
 * A fake OpenAI-compatible Chat Completions server for tests: real HTTP on 127.0.0.1, a random
 * port, non-streaming and streaming (SSE) answers, a configurable pace, and fault injection.
 *
 * It answers structured-output requests generically: it reads the JSON schema the client sent
 * (response_format.json_schema.schema, or the parameters of a forced tool) and builds an object
 * that satisfies it, so it knows nothing of our own schemas. Faults are queued per request:
 *
 *   const fake = await startFakeOpenAI();
 *   fake.enqueue({ kind: 'rate-limit', retryAfterSeconds: 0.05 }, { kind: 'ok' });
 *   // baseUrl: fake.baseUrl (ends in /v1)
 *
 * It can also play endpoints that refuse parameters, with the status and error body the real
 * services send: an OpenAI reasoning model (`max_tokens`, a temperature other than 1) and routes
 * without structured outputs (`json_schema`, JSON mode, tools). Asked for JSON with no schema in
 * the request, it follows the JSON Schema given in the system message, as instructed models do.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback.ts';

export type FakeBehaviour =
  | { kind: 'ok' }
  /** 429 with a Retry-After header (seconds, may be fractional) or retry-after-ms. */
  | { kind: 'rate-limit'; retryAfterSeconds?: number; retryAfterMs?: number }
  | { kind: 'server-error'; status?: number }
  /** Accept the request and never answer (the client must time out). */
  | { kind: 'hang' }
  /** 200 whose message content is not parseable JSON. */
  | { kind: 'malformed-json' }
  /** 200 whose content is valid JSON that violates the requested schema. */
  | { kind: 'schema-violation' }
  /** 200 whose content is the valid answer as changed by `edit` (e.g. a citation the request did not offer). */
  | { kind: 'edit'; edit: (answer: unknown) => unknown };

export interface FakeEndpoint {
  /** An OpenAI reasoning model: refuses `max_tokens` and any temperature but 1. */
  reasoningModel?: boolean;
  /** Structured-output forms this endpoint refuses with a 400. */
  refuses?: Array<'json_schema' | 'json_object' | 'tools'>;
}

export interface FakePace {
  /** Delay before the first byte of a successful answer. */
  delayToFirstTokenMs: number;
  /** Output pace; Infinity sends everything at once. A "token" is 4 characters here. */
  tokensPerSecond: number;
  /**
   * Stream each answer over the time an answer of this many tokens would take, whatever its
   * real length (benchmarks: a realistic section is ~600 tokens; the generated JSON is shorter).
   */
  simulatedOutputTokens?: number;
}

export interface RecordedRequest {
  body: ChatRequest;
  headers: IncomingMessage['headers'];
  /** `refused`: answered 400 for a parameter the endpoint does not accept. */
  behaviour: FakeBehaviour['kind'] | 'refused';
  receivedAt: number;
}

interface ChatMessage {
  role: string;
  content?: unknown;
}

interface ChatRequest {
  model?: string;
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  messages?: ChatMessage[];
  response_format?: { type: string; json_schema?: { name?: string; schema?: JsonSchema } };
  tools?: Array<{ type: string; function: { name: string; parameters?: JsonSchema } }>;
  tool_choice?: unknown;
}

export interface FakeOpenAI {
  /** Base URL to give a client, ending in /v1. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Behaviours for the next requests, in order; when the queue is empty the default applies. */
  enqueue(...behaviours: FakeBehaviour[]): void;
  setDefault(behaviour: FakeBehaviour): void;
  setPace(pace: Partial<FakePace>): void;
  /** Which parameters the endpoint refuses from now on (reset() forgets it). */
  setEndpoint(endpoint: FakeEndpoint): void;
  /** Requests currently being answered (or hanging). */
  inFlight(): number;
  reset(): void;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// A generic JSON-schema instance builder (the subset zod's toJSONSchema emits).

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
};

interface BuildContext {
  root: JsonSchema;
  topic: string;
  index: number;
  name: string;
}

function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const path = schema.$ref.replace(/^#\//, '').split('/');
  let node: unknown = root;
  for (const p of path) node = (node as Record<string, unknown>)[p];
  return resolveRef(node as JsonSchema, root);
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') ?? schema.type[0];
  return schema.type;
}

function buildString(schema: JsonSchema, ctx: BuildContext): string {
  if (schema.pattern) {
    const re = new RegExp(schema.pattern);
    const found = ['USD', 'ABC', 'x', '1', 'a1', 'A'].find((c) => re.test(c));
    if (found) return found;
  }
  const label = ctx.name.replace(/_/g, ' ');
  let text = `${label} ${ctx.index + 1} for ${ctx.topic}`;
  const min = schema.minLength ?? 0;
  while (text.length < min) text += ' (detail)';
  if (schema.maxLength !== undefined && text.length > schema.maxLength) text = text.slice(0, schema.maxLength).trim();
  return text;
}

function buildNumber(schema: JsonSchema, ctx: BuildContext, integer: boolean): number {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined);
  // Inside arrays, successive items get successive values (years 1..5 stay in order).
  let value = min !== undefined ? min + ctx.index : integer ? ctx.index + 1 : 100 * (ctx.index + 1);
  if (max !== undefined && value > max) value = max;
  if (min !== undefined && value < min) value = min;
  return integer ? Math.round(value) : value;
}

export function buildFromSchema(schemaIn: JsonSchema, ctx: BuildContext): unknown {
  const schema = resolveRef(schemaIn, ctx.root);
  if ('const' in schema) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[ctx.index % schema.enum.length];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) {
    const nonNull = variants.filter((v) => typeOf(resolveRef(v, ctx.root)) !== 'null');
    const pool = nonNull.length > 0 ? nonNull : variants;
    // Rotate through the variants across array items so every block kind gets exercised.
    return buildFromSchema(pool[ctx.index % pool.length]!, ctx);
  }
  if (schema.allOf && schema.allOf.length > 0) return buildFromSchema(schema.allOf[0]!, ctx);
  switch (typeOf(schema) ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(schema.properties ?? {})) {
        out[name] = buildFromSchema(prop, { ...ctx, name });
      }
      return out;
    }
    case 'array': {
      const min = schema.minItems ?? 1;
      const max = schema.maxItems ?? Math.max(min, 3);
      const count = Math.min(Math.max(min, 3), max);
      return Array.from({ length: count }, (_, index) => buildFromSchema(schema.items ?? { type: 'string' }, { ...ctx, index }));
    }
    case 'string':
      return buildString(schema, ctx);
    case 'integer':
      return buildNumber(schema, ctx, true);
    case 'number':
      return buildNumber(schema, ctx, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return null;
  }
}

/** Breaks a valid object: drops a required property and gives another the wrong type. */
export function violate(value: unknown, schema: JsonSchema | undefined): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { unexpected: true };
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const keys = schema?.required?.length ? schema.required : Object.keys(copy);
  const [drop, retype] = keys;
  if (drop) delete copy[drop];
  if (retype) copy[retype] = 12345;
  return copy;
}

// ---------------------------------------------------------------------------------------------

function lastUserText(messages: ChatMessage[] | undefined): string {
  const user = [...(messages ?? [])].reverse().find((m) => m.role === 'user');
  if (!user) return '';
  if (typeof user.content === 'string') return user.content;
  if (Array.isArray(user.content)) {
    return user.content.map((p) => (p && typeof p === 'object' && 'text' in p ? String(p.text) : '')).join('\n');
  }
  return '';
}

export function topicOf(messages: ChatMessage[] | undefined): string {
  const all = (messages ?? []).filter((m) => m.role === 'user').map((m) => (typeof m.content === 'string' ? m.content : ''));
  for (const text of all) {
    const m = /<idea>\s*([\s\S]*?)\s*<\/idea>/.exec(text);
    if (m?.[1]) return m[1].replace(/\s+/g, ' ').slice(0, 60).trim();
  }
  return lastUserText(messages).replace(/\s+/g, ' ').slice(0, 40).trim() || 'the technology';
}

/** The 400 a real endpoint answers for a parameter it does not accept, or undefined. */
function refusal(body: ChatRequest, endpoint: FakeEndpoint): object | undefined {
  const error = (message: string, param: string | null, code: string | null) => ({
    error: { message, type: 'invalid_request_error', param, code },
  });
  if (endpoint.reasoningModel) {
    if (body.max_tokens !== undefined) {
      return error(
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        'max_tokens',
        'unsupported_parameter',
      );
    }
    if (body.temperature !== undefined && body.temperature !== 1) {
      return error(
        `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`,
        'temperature',
        'unsupported_value',
      );
    }
  }
  const refuses = endpoint.refuses ?? [];
  // DeepSeek's wording (no param named), then OpenAI's for JSON mode on a model without it.
  if (body.response_format?.type === 'json_schema' && refuses.includes('json_schema')) {
    return error('This response_format type is unavailable now', null, 'invalid_request_error');
  }
  if (body.response_format?.type === 'json_object' && refuses.includes('json_object')) {
    return error("Invalid parameter: 'response_format' of type 'json_object' is not supported with this model.", 'response_format', null);
  }
  if (body.tools?.length && refuses.includes('tools')) return error('This model does not support tools.', 'tools', 'unsupported_parameter');
  return undefined;
}

/** The JSON Schema an instructed model finds in its system message ("… JSON Schema:\n{…}"). */
function schemaInInstructions(messages: ChatMessage[] | undefined): JsonSchema | undefined {
  const system = messages?.find((m) => m.role === 'system');
  const text = typeof system?.content === 'string' ? system.content : '';
  const at = text.indexOf('{', text.indexOf('JSON Schema'));
  if (text.indexOf('JSON Schema') < 0 || at < 0) return undefined;
  try {
    return JSON.parse(text.slice(at)) as JsonSchema;
  } catch {
    return undefined;
  }
}

function requestedSchema(body: ChatRequest): { schema?: JsonSchema; tool?: string } {
  const forcedTool =
    body.tool_choice && typeof body.tool_choice === 'object'
      ? (body.tool_choice as { function?: { name?: string } }).function?.name
      : undefined;
  if (body.tools?.length && (forcedTool || body.tool_choice === 'required')) {
    const tool = body.tools.find((t) => t.function.name === forcedTool) ?? body.tools[0]!;
    return { schema: tool.function.parameters, tool: tool.function.name };
  }
  if (body.response_format?.type === 'json_schema') return { schema: body.response_format.json_schema?.schema };
  const instructed = schemaInInstructions(body.messages);
  return instructed ? { schema: instructed } : {};
}

const approxTokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

/**
 * Plays a model that cites what it was given: when the prompt lists sources as lines starting
 * "[P1] …" or "[W1] …", the first string of the answer ends by citing the first of them.
 */
export function citeFirstSource(answer: unknown, messages: ChatMessage[] | undefined): unknown {
  const id = /^\[([A-Z]\d{1,2})\] /m.exec(lastUserText(messages))?.[1];
  if (!id) return answer;
  let done = false;
  const visit = (v: unknown): unknown => {
    if (done) return v;
    if (typeof v === 'string') {
      done = true;
      return `${v} [${id}]`;
    }
    if (Array.isArray(v)) return v.map(visit);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, visit(x)]));
    return v;
  };
  return visit(answer);
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function startFakeOpenAI(options: Partial<FakePace> & { defaultBehaviour?: FakeBehaviour } = {}): Promise<FakeOpenAI> {
  const pace: FakePace = {
    delayToFirstTokenMs: options.delayToFirstTokenMs ?? 0,
    tokensPerSecond: options.tokensPerSecond ?? Number.POSITIVE_INFINITY,
    ...(options.simulatedOutputTokens ? { simulatedOutputTokens: options.simulatedOutputTokens } : {}),
  };
  let defaultBehaviour: FakeBehaviour = options.defaultBehaviour ?? { kind: 'ok' };
  let endpoint: FakeEndpoint = {};
  const queue: FakeBehaviour[] = [];
  const requests: RecordedRequest[] = [];
  let active = 0;
  let seq = 0;

  function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  async function answer(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      sendJson(res, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
      return;
    }
    let body: ChatRequest;
    try {
      body = JSON.parse(await readBody(req)) as ChatRequest;
    } catch {
      sendJson(res, 400, { error: { message: 'request body is not JSON', type: 'invalid_request_error' } });
      return;
    }
    const refused = refusal(body, endpoint);
    if (refused) {
      requests.push({ body, headers: req.headers, behaviour: 'refused', receivedAt: Date.now() });
      sendJson(res, 400, refused);
      return;
    }
    const behaviour = queue.shift() ?? defaultBehaviour;
    requests.push({ body, headers: req.headers, behaviour: behaviour.kind, receivedAt: Date.now() });

    if (behaviour.kind === 'rate-limit') {
      const headers: Record<string, string> = {};
      if (behaviour.retryAfterMs !== undefined) headers['retry-after-ms'] = String(behaviour.retryAfterMs);
      else headers['retry-after'] = String(behaviour.retryAfterSeconds ?? 1);
      sendJson(res, 429, { error: { message: 'Rate limit reached', type: 'rate_limit_exceeded', code: 'rate_limit_exceeded' } }, headers);
      return;
    }
    if (behaviour.kind === 'server-error') {
      sendJson(res, behaviour.status ?? 500, { error: { message: 'The server had an error', type: 'server_error' } });
      return;
    }
    if (behaviour.kind === 'hang') {
      await new Promise<void>((resolve) => res.on('close', () => resolve()));
      return;
    }

    const { schema, tool } = requestedSchema(body);
    const ctx: BuildContext = { root: schema ?? {}, topic: topicOf(body.messages), index: 0, name: 'text' };
    const valid = citeFirstSource(schema ? buildFromSchema(schema, ctx) : { text: `Answer about ${ctx.topic}` }, body.messages);
    let content: string;
    if (behaviour.kind === 'malformed-json') content = JSON.stringify(valid).slice(0, 40) + ' <<not json';
    else if (behaviour.kind === 'schema-violation') content = JSON.stringify(violate(valid, schema));
    else if (behaviour.kind === 'edit') content = JSON.stringify(behaviour.edit(valid));
    else content = JSON.stringify(valid);

    const id = `chatcmpl-fake-${++seq}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? 'fake-model';
    const usage = {
      prompt_tokens: approxTokens(JSON.stringify(body.messages ?? [])),
      completion_tokens: approxTokens(content),
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;

    await sleep(pace.delayToFirstTokenMs);
    if (res.destroyed) return;

    if (!body.stream) {
      const tokens = pace.simulatedOutputTokens ?? approxTokens(content);
      if (Number.isFinite(pace.tokensPerSecond)) await sleep((tokens / pace.tokensPerSecond) * 1000);
      if (res.destroyed) return;
      const message = tool
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: `call_${seq}`, type: 'function', function: { name: tool, arguments: content } }],
          }
        : { role: 'assistant', content };
      sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message, finish_reason: tool ? 'tool_calls' : 'stop' }],
        usage,
      });
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: unknown, finish: string | null, extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
    const pieces = content.match(/[\s\S]{1,4}/g) ?? [''];
    // Paced by the wall clock, so a busy event loop delays ticks without stretching the answer.
    const paced = pace.simulatedOutputTokens ?? pieces.length;
    const totalMs = Number.isFinite(pace.tokensPerSecond) ? (paced / pace.tokensPerSecond) * 1000 : 0;
    res.write(
      chunk(
        tool
          ? {
              role: 'assistant',
              content: null,
              tool_calls: [{ index: 0, id: `call_${seq}`, type: 'function', function: { name: tool, arguments: '' } }],
            }
          : { role: 'assistant', content: '' },
        null,
      ),
    );
    const started = Date.now();
    let sent = 0;
    while (sent < pieces.length) {
      if (res.destroyed) return;
      const due = totalMs > 0 ? Math.min(pieces.length, Math.ceil(((Date.now() - started) / totalMs) * pieces.length)) : pieces.length;
      if (due > sent) {
        const text = pieces.slice(sent, due).join('');
        res.write(chunk(tool ? { tool_calls: [{ index: 0, function: { arguments: text } }] } : { content: text }, null));
        sent = due;
      }
      if (sent < pieces.length) await sleep(Math.min(50, totalMs / 10));
    }
    res.write(chunk({}, tool ? 'tool_calls' : 'stop'));
    if (body.stream_options?.include_usage) {
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    active++;
    res.on('close', () => active--);
    answer(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(err), type: 'fake_error' } });
      else res.destroy();
    });
  });
  const { origin, close } = await listenOnLoopback(server);

  return {
    baseUrl: `${origin}/v1`,
    requests,
    enqueue: (...b) => void queue.push(...b),
    setDefault: (b) => void (defaultBehaviour = b),
    setPace: (p) => Object.assign(pace, p),
    setEndpoint: (e) => void (endpoint = e),
    inFlight: () => active,
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      defaultBehaviour = options.defaultBehaviour ?? { kind: 'ok' };
      endpoint = {};
    },
    close,
  };
}
