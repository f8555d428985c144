/**
 * A fake Anthropic Messages API for tests: real HTTP on 127.0.0.1, a random port, POST
 * /v1/messages answered plainly or streamed (SSE), with the requests and rejections of the real
 * service, written from Anthropic's API reference (Messages, Streaming, Errors, Versioning,
 * Structured outputs, Tool use):
 *
 * - `x-api-key` must be the key the fake was started with: 401 authentication_error otherwise;
 *   `anthropic-version` must be sent: 400 invalid_request_error otherwise.
 * - The body must carry `model`, `max_tokens` and `messages`; a top-level parameter the API does
 *   not know (`response_format`, `max_completion_tokens`, …) is "Extra inputs are not permitted";
 *   a "system" role among the messages, a temperature outside 0..1, a forced tool that is not
 *   offered, and a structured-output schema the constrained decoder refuses (an object without
 *   `additionalProperties: false`, numeric, length or item-count bounds) are refused as the API
 *   refuses them. Errors use the API's envelope `{type:"error", error:{type, message}, request_id}`.
 * - Answers: `output_config.format` (JSON outputs) gets a text block holding the JSON; a forced
 *   tool (`tool_choice` "tool" or "any") gets a tool_use block whose input fits the tool's
 *   input_schema. Streams send message_start, content_block_start, ping, content_block_delta
 *   (text_delta / input_json_delta), content_block_stop, message_delta (stop_reason, usage) and
 *   message_stop, as named `event:` lines.
 * - Faults, queued per request: 429 rate_limit_error with retry-after, 529 overloaded_error,
 *   500 api_error, an overloaded error event inside a 200 stream, a hang, and answers that are not
 *   JSON or do not fit the schema.
 *
 *   const fake = await startFakeAnthropic();
 *   fake.enqueue({ kind: 'overloaded' }, { kind: 'ok' });
 *   // baseUrl: fake.baseUrl (ends in /v1), apiKey: fake.apiKey
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { buildFromSchema, citeFirstSource, readBody, topicOf, violate, type JsonSchema } from './fake-openai.ts';
import { listenOnLoopback } from './loopback.ts';

export type FakeAnthropicBehaviour =
  | { kind: 'ok' }
  /** 429 rate_limit_error with a retry-after header (seconds, whole as the API sends them). */
  | { kind: 'rate-limit'; retryAfterSeconds?: number }
  /** 529 overloaded_error: the API is short of capacity for everyone. */
  | { kind: 'overloaded' }
  /** 500 api_error. */
  | { kind: 'server-error' }
  /** A 200 stream that opens (message_start) and then sends an `error` event: overloaded_error. */
  | { kind: 'stream-overloaded' }
  /** Accept the request and never answer (the client must time out). */
  | { kind: 'hang' }
  /** 200 whose JSON is cut off (text block; a tool_use block cannot hold invalid JSON, so it gets `{}`). */
  | { kind: 'malformed-json' }
  /** 200 whose JSON is valid but violates the requested schema. */
  | { kind: 'schema-violation' };

export interface FakeAnthropicRequest {
  body: MessagesRequest;
  headers: IncomingMessage['headers'];
  /** `rejected`: answered 400 or 401 for what the real API refuses. */
  behaviour: FakeAnthropicBehaviour['kind'] | 'rejected';
  /** The tokens the answer reported (absent for errors and hangs). */
  usage?: { input_tokens: number; output_tokens: number };
  /** The error type of a rejection (authentication_error, invalid_request_error). */
  rejection?: { status: number; type: string; message: string };
  receivedAt: number;
}

interface ContentBlock {
  type: string;
  text?: string;
}

interface MessageParam {
  role: string;
  content: string | ContentBlock[];
}

interface ToolParam {
  name?: string;
  description?: string;
  input_schema?: JsonSchema;
}

export interface MessagesRequest {
  model?: string;
  max_tokens?: number;
  messages?: MessageParam[];
  system?: string | ContentBlock[];
  stream?: boolean;
  temperature?: number;
  tools?: ToolParam[];
  tool_choice?: { type: string; name?: string; disable_parallel_tool_use?: boolean };
  output_config?: { format?: { type?: string; schema?: JsonSchema }; effort?: string };
  [other: string]: unknown;
}

export interface FakeAnthropic {
  /** Base URL to give the client (`baseURL` of @ai-sdk/anthropic), ending in /v1. */
  baseUrl: string;
  /** The key the fake accepts. */
  apiKey: string;
  requests: FakeAnthropicRequest[];
  /** Behaviours for the next accepted requests, in order; when the queue is empty the default applies. */
  enqueue(...behaviours: FakeAnthropicBehaviour[]): void;
  setDefault(behaviour: FakeAnthropicBehaviour): void;
  inFlight(): number;
  reset(): void;
  close(): Promise<void>;
}

/**
 * Top-level Messages API parameters (the API reference's request body, with the beta ones
 * @ai-sdk/anthropic may send); anything else is refused, as the API refuses it.
 */
const KNOWN_PARAMETERS = new Set([
  'model',
  'messages',
  'max_tokens',
  'system',
  'metadata',
  'stop_sequences',
  'stream',
  'temperature',
  'top_k',
  'top_p',
  'tools',
  'tool_choice',
  'thinking',
  'service_tier',
  'output_config',
  'output_format',
  'container',
  'mcp_servers',
  'context_management',
  'inference_geo',
  'cache_control',
  'speed',
]);

/** JSON Schema keywords structured outputs do not support (minItems only as 0 or 1). */
const UNSUPPORTED_SCHEMA_KEYWORDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'not',
] as const;

class Rejection extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new Rejection(400, 'invalid_request_error', message);

/** The first thing the constrained decoder would refuse in a JSON outputs schema, or undefined. */
function schemaProblem(schema: unknown, path: string): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if (Array.isArray(schema)) {
    for (const [i, s] of schema.entries()) {
      const p = schemaProblem(s, `${path}.${i}`);
      if (p) return p;
    }
    return undefined;
  }
  const node = schema as Record<string, unknown>;
  const type = Array.isArray(node.type) ? node.type.join('|') : String(node.type ?? '');
  if ((type.includes('object') || node.properties) && node.additionalProperties !== false) {
    return `${path}: For 'object' type, 'additionalProperties' must be explicitly set to false`;
  }
  for (const k of UNSUPPORTED_SCHEMA_KEYWORDS) {
    if (k in node) return `${path}: For '${type || 'schema'}' type, property '${k}' is not supported`;
  }
  if (typeof node.minItems === 'number' && node.minItems > 1) {
    return `${path}: For 'array' type, 'minItems' values other than 0 or 1 are not supported`;
  }
  for (const [k, v] of Object.entries(node)) {
    if (k === 'properties' || k === '$defs' || k === 'definitions') {
      for (const [name, sub] of Object.entries((v as Record<string, unknown>) ?? {})) {
        const p = schemaProblem(sub, `${path}.${k}.${name}`);
        if (p) return p;
      }
    } else if (k === 'items' || k === 'anyOf' || k === 'allOf' || k === 'oneOf' || k === 'additionalProperties') {
      const p = schemaProblem(v, `${path}.${k}`);
      if (p) return p;
    }
  }
  return undefined;
}

/** Refuses what the real API refuses in a request body (first problem wins, as it reports one). */
function validateBody(body: MessagesRequest): void {
  for (const key of Object.keys(body)) {
    if (!KNOWN_PARAMETERS.has(key)) throw invalid(`${key}: Extra inputs are not permitted`);
  }
  if (body.model === undefined) throw invalid('model: Field required');
  if (typeof body.model !== 'string' || !body.model) throw invalid('model: Input should be a valid string');
  if (body.max_tokens === undefined) throw invalid('max_tokens: Field required');
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1) throw invalid('max_tokens: Input should be greater than or equal to 1');
  if (body.messages === undefined) throw invalid('messages: Field required');
  if (!Array.isArray(body.messages)) throw invalid('messages: Input should be a valid list');
  if (body.messages.length === 0) throw invalid('messages: at least one message is required');
  for (const [i, m] of body.messages.entries()) {
    if (m.role === 'system') {
      throw invalid(
        'messages: Unexpected role "system". The Messages API accepts a top-level `system` parameter, not "system" as an input message role.',
      );
    }
    if (m.role !== 'user' && m.role !== 'assistant') throw invalid(`messages.${i}.role: Input should be 'user' or 'assistant'`);
    if (typeof m.content !== 'string' && !Array.isArray(m.content)) throw invalid(`messages.${i}.content: Field required`);
  }
  if (body.temperature !== undefined && (typeof body.temperature !== 'number' || body.temperature < 0 || body.temperature > 1)) {
    throw invalid('temperature: Input should be less than or equal to 1');
  }
  for (const [i, t] of (body.tools ?? []).entries()) {
    if (!t.name) throw invalid(`tools.${i}.custom.name: Field required`);
    if (!t.input_schema) throw invalid(`tools.${i}.custom.input_schema: Field required`);
    if (t.input_schema.type !== 'object') throw invalid(`tools.${i}.custom.input_schema.type: Input should be 'object'`);
  }
  const choice = body.tool_choice;
  if (choice) {
    if (!['auto', 'any', 'tool', 'none'].includes(choice.type))
      throw invalid(`tool_choice.type: Input tag '${choice.type}' is not a valid tag`);
    if ((choice.type === 'any' || choice.type === 'tool') && !body.tools?.length) {
      throw invalid('tool_choice: tool_choice may only be specified while providing tools.');
    }
    if (choice.type === 'tool' && !body.tools?.some((t) => t.name === choice.name)) {
      throw invalid(`tool_choice: Tool '${choice.name ?? ''}' not found in provided tools`);
    }
  }
  const format = body.output_config?.format;
  if (format) {
    if (format.type !== 'json_schema') throw invalid(`output_config.format.type: Input should be 'json_schema'`);
    if (!format.schema) throw invalid('output_config.format.schema: Field required');
    const problem = schemaProblem(format.schema, 'output_config.format.schema');
    if (problem) throw invalid(problem);
  }
}

const CONSTRAINT_NAMES: Record<string, string> = {
  minimum: 'minimum',
  maximum: 'maximum',
  'exclusive minimum': 'exclusiveMinimum',
  'exclusive maximum': 'exclusiveMaximum',
  'min length': 'minLength',
  'max length': 'maxLength',
  'min items': 'minItems',
  'max items': 'maxItems',
};

/**
 * @ai-sdk/anthropic moves the bounds of a JSON outputs schema (and its patterns) into descriptions
 * ("min items: 1; max items: 4."), where a model reads them; the fake reads them back so that its answers keep them as a model would.
 */
function withDescribedBounds(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withDescribedBounds);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'const' || k === 'enum' ? v : withDescribedBounds(v);
  if (typeof out.description === 'string') {
    for (const m of out.description.matchAll(
      /(exclusive minimum|exclusive maximum|minimum|maximum|min length|max length|min items|max items): (-?\d+(?:\.\d+)?)/g,
    )) {
      out[CONSTRAINT_NAMES[m[1]!]!] = Number(m[2]);
    }
    // Bounds are joined by "; " and end with "."; a pattern may hold either.
    const pattern = /pattern: (.*?)(?=; [a-z ]+: |\.$)/.exec(out.description)?.[1];
    if (pattern) out.pattern = pattern;
  }
  return out;
}

const blockText = (content: string | ContentBlock[] | undefined): string =>
  typeof content === 'string' ? content : (content ?? []).map((b) => (b.type === 'text' ? (b.text ?? '') : '')).join('\n');

/** What the model is asked for: a JSON outputs schema, a forced tool's input, or the schema spelt out in the system prompt. */
function requested(body: MessagesRequest): { schema?: JsonSchema; tool?: string } {
  const choice = body.tool_choice;
  if (body.tools?.length && (choice?.type === 'tool' || choice?.type === 'any')) {
    const tool = body.tools.find((t) => t.name === choice.name) ?? body.tools[0]!;
    return { schema: tool.input_schema, tool: tool.name };
  }
  if (body.output_config?.format?.schema) return { schema: withDescribedBounds(body.output_config.format.schema) as JsonSchema };
  const system = blockText(body.system);
  const at = system.indexOf('{', system.indexOf('JSON Schema'));
  if (system.includes('JSON Schema') && at >= 0) {
    try {
      return { schema: JSON.parse(system.slice(at)) as JsonSchema };
    } catch {
      return {};
    }
  }
  return {};
}

const approxTokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));
const requestId = () => `req_fake${randomBytes(9).toString('hex')}`;

export async function startFakeAnthropic(
  options: { apiKey?: string; defaultBehaviour?: FakeAnthropicBehaviour } = {},
): Promise<FakeAnthropic> {
  const apiKey = options.apiKey ?? `sk-ant-fake-${randomBytes(12).toString('hex')}`;
  let defaultBehaviour: FakeAnthropicBehaviour = options.defaultBehaviour ?? { kind: 'ok' };
  const queue: FakeAnthropicBehaviour[] = [];
  const requests: FakeAnthropicRequest[] = [];
  let active = 0;
  let seq = 0;

  function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const id = requestId();
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id, ...headers });
    res.end(JSON.stringify(status >= 400 ? { ...(body as object), request_id: id } : body));
  }
  const errorBody = (type: string, message: string) => ({ type: 'error', error: { type, message } });

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'POST' || path !== '/v1/messages') {
      sendJson(res, 404, errorBody('not_found_error', 'Not Found'));
      return;
    }
    const text = await readBody(req);
    let body: MessagesRequest = {};
    const reject = (r: Rejection) => {
      requests.push({
        body,
        headers: req.headers,
        behaviour: 'rejected',
        rejection: { status: r.status, type: r.type, message: r.message },
        receivedAt: Date.now(),
      });
      sendJson(res, r.status, errorBody(r.type, r.message));
    };
    const key = req.headers['x-api-key'];
    if (!key) return reject(new Rejection(401, 'authentication_error', 'x-api-key header is required'));
    if (key !== apiKey) return reject(new Rejection(401, 'authentication_error', 'invalid x-api-key'));
    if (!req.headers['anthropic-version']) return reject(invalid('anthropic-version: header is required'));
    try {
      body = JSON.parse(text) as MessagesRequest;
    } catch {
      return reject(invalid('There was an error parsing the body of your request, please check that it is valid JSON.'));
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      body = {};
      return reject(invalid('Input should be a valid dictionary or object to extract fields from'));
    }
    try {
      validateBody(body);
    } catch (e) {
      if (e instanceof Rejection) return reject(e);
      throw e;
    }

    const behaviour = queue.shift() ?? defaultBehaviour;
    const recorded: FakeAnthropicRequest = { body, headers: req.headers, behaviour: behaviour.kind, receivedAt: Date.now() };
    requests.push(recorded);
    if (behaviour.kind === 'rate-limit') {
      sendJson(
        res,
        429,
        errorBody('rate_limit_error', 'This request would exceed the rate limit for your organization of 50 requests per minute.'),
        { 'retry-after': String(behaviour.retryAfterSeconds ?? 1) },
      );
      return;
    }
    if (behaviour.kind === 'overloaded' || (behaviour.kind === 'stream-overloaded' && !body.stream)) {
      sendJson(res, 529, errorBody('overloaded_error', 'Overloaded'));
      return;
    }
    if (behaviour.kind === 'server-error') {
      sendJson(res, 500, errorBody('api_error', 'Internal server error'));
      return;
    }
    if (behaviour.kind === 'hang') {
      await new Promise<void>((resolve) => res.on('close', () => resolve()));
      return;
    }

    // The shared helpers read OpenAI-shaped messages: the same roles, with the text blocks joined.
    const chat = (body.messages ?? []).map((m) => ({ role: m.role, content: blockText(m.content) }));
    const { schema, tool } = requested(body);
    const ctx = { root: schema ?? {}, topic: topicOf(chat), index: 0, name: 'text' };
    const valid = citeFirstSource(schema ? buildFromSchema(schema, ctx) : { text: `Answer about ${ctx.topic}` }, chat);
    let content: string;
    if (behaviour.kind === 'malformed-json') content = tool ? '{}' : JSON.stringify(valid).slice(0, 40) + ' <<not json';
    else if (behaviour.kind === 'schema-violation') content = JSON.stringify(violate(valid, schema));
    else content = JSON.stringify(valid);

    const id = `msg_fake${String(++seq).padStart(6, '0')}`;
    const usage = {
      input_tokens: approxTokens(blockText(body.system) + JSON.stringify(body.messages) + JSON.stringify(body.tools ?? [])),
      output_tokens: approxTokens(content),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    };
    recorded.usage = { input_tokens: usage.input_tokens, output_tokens: usage.output_tokens };
    const stopReason = tool ? 'tool_use' : 'end_turn';
    const block = tool
      ? { type: 'tool_use', id: `toolu_fake${String(seq).padStart(6, '0')}`, name: tool, input: JSON.parse(content) as unknown }
      : { type: 'text', text: content };

    if (!body.stream) {
      sendJson(res, 200, {
        id,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: [block],
        stop_reason: stopReason,
        stop_sequence: null,
        usage,
      });
      return;
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'request-id': requestId(),
    });
    const event = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    event('message_start', {
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    });
    if (behaviour.kind === 'stream-overloaded') {
      event('error', { error: { type: 'overloaded_error', message: 'Overloaded' } });
      res.end();
      return;
    }
    event('content_block_start', { index: 0, content_block: tool ? { ...block, input: {} } : { type: 'text', text: '' } });
    event('ping', {});
    for (const piece of content.match(/[\s\S]{1,16}/g) ?? []) {
      if (res.destroyed) return;
      event('content_block_delta', {
        index: 0,
        delta: tool ? { type: 'input_json_delta', partial_json: piece } : { type: 'text_delta', text: piece },
      });
    }
    event('content_block_stop', { index: 0 });
    event('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: usage.output_tokens } });
    event('message_stop', {});
    res.end();
  }

  const server = createServer((req, res) => {
    active++;
    res.on('close', () => active--);
    answer(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody('api_error', `fake: ${String(err)}`));
      else res.destroy();
    });
  });
  const { origin, close } = await listenOnLoopback(server);

  return {
    baseUrl: `${origin}/v1`,
    apiKey,
    requests,
    enqueue: (...b) => void queue.push(...b),
    setDefault: (b) => void (defaultBehaviour = b),
    inFlight: () => active,
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      defaultBehaviour = options.defaultBehaviour ?? { kind: 'ok' };
    },
    close,
  };
}
