/** The fake Messages API refuses what the real one refuses, and answers in its shapes, streamed or not. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeAnthropic, type FakeAnthropic } from './fake-anthropic.ts';

const Thing = z.object({ name: z.string().min(1), tags: z.array(z.enum(['a', 'b'])).min(2), size: z.number().int().min(3).max(4) });
const inputSchema = z.toJSONSchema(Thing);

let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const MESSAGE = {
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  messages: [{ role: 'user', content: 'Describe <idea>\na thing\n</idea>' }],
};

async function post(body: unknown, headers: Record<string, string | undefined> = {}) {
  const all: Record<string, string> = {};
  for (const [k, v] of Object.entries({
    'content-type': 'application/json',
    'x-api-key': fake.apiKey,
    'anthropic-version': '2023-06-01',
    ...headers,
  })) {
    if (v !== undefined) all[k] = v;
  }
  const res = await fetch(`${fake.baseUrl}/messages`, {
    method: 'POST',
    headers: all,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { res, text: await res.text() };
}

async function error(body: unknown, headers: Record<string, string | undefined> = {}) {
  const { res, text } = await post(body, headers);
  const json = JSON.parse(text) as { type: string; error: { type: string; message: string }; request_id: string };
  expect(json.type).toBe('error');
  expect(json.request_id).toMatch(/^req_/);
  expect(res.headers.get('request-id')).toBe(json.request_id);
  return { status: res.status, headers: res.headers, ...json.error };
}

function events(sse: string) {
  return sse
    .trim()
    .split('\n\n')
    .map((chunk) => {
      const [eventLine, dataLine] = chunk.split('\n');
      const data = JSON.parse(dataLine!.replace(/^data: /, '')) as Record<string, unknown> & { type: string };
      expect(eventLine).toBe(`event: ${data.type}`);
      return data;
    });
}

describe('fake Anthropic Messages API: rejections', () => {
  it('answers 401 authentication_error without a key or with a wrong one', async () => {
    expect(await error(MESSAGE, { 'x-api-key': undefined })).toMatchObject({ status: 401, type: 'authentication_error' });
    expect(await error(MESSAGE, { 'x-api-key': 'sk-ant-wrong' })).toMatchObject({
      status: 401,
      type: 'authentication_error',
      message: 'invalid x-api-key',
    });
    // A Bearer token is not how this API authenticates.
    expect(await error(MESSAGE, { 'x-api-key': undefined, authorization: `Bearer ${fake.apiKey}` })).toMatchObject({ status: 401 });
  });

  it('answers 400 without anthropic-version', async () => {
    expect(await error(MESSAGE, { 'anthropic-version': undefined })).toMatchObject({
      status: 400,
      type: 'invalid_request_error',
      message: 'anthropic-version: header is required',
    });
  });

  it.each([
    ['model', 'model: Field required'],
    ['max_tokens', 'max_tokens: Field required'],
    ['messages', 'messages: Field required'],
  ])('refuses a body without %s', async (field, message) => {
    const body: Record<string, unknown> = { ...MESSAGE };
    delete body[field];
    expect(await error(body)).toMatchObject({ status: 400, type: 'invalid_request_error', message });
  });

  it.each([
    ["OpenAI's response_format", { response_format: { type: 'json_object' } }, 'response_format: Extra inputs are not permitted'],
    ["OpenAI's max_completion_tokens", { max_completion_tokens: 100 }, 'max_completion_tokens: Extra inputs are not permitted'],
    ['a system message', { messages: [{ role: 'system', content: 'Be brief.' }, ...MESSAGE.messages] }, /Unexpected role "system"/],
    ['no messages', { messages: [] }, /at least one message/],
    ['a temperature above 1', { temperature: 1.5 }, /temperature/],
    [
      'a forced tool that is not offered',
      { tools: [{ name: 'thing', input_schema: inputSchema }], tool_choice: { type: 'tool', name: 'other' } },
      /Tool 'other' not found/,
    ],
    [
      'a JSON outputs object without additionalProperties: false',
      { output_config: { format: { type: 'json_schema', schema: { type: 'object', properties: { a: { type: 'string' } } } } } },
      /additionalProperties/,
    ],
    [
      'a JSON outputs bound (minimum)',
      {
        output_config: {
          format: {
            type: 'json_schema',
            schema: { type: 'object', properties: { n: { type: 'integer', minimum: 3 } }, additionalProperties: false },
          },
        },
      },
      /'minimum' is not supported/,
    ],
  ])('refuses what the API refuses: %s', async (_what, change, message) => {
    const e = await error({ ...MESSAGE, ...change });
    expect(e).toMatchObject({ status: 400, type: 'invalid_request_error' });
    expect(e.message).toMatch(message);
  });

  it('records a rejection without spending a queued behaviour', async () => {
    fake.enqueue({ kind: 'overloaded' });
    await error({ ...MESSAGE, stream_options: {} });
    expect(fake.requests.map((r) => r.behaviour)).toEqual(['rejected']);
    expect((await error(MESSAGE)).status).toBe(529);
  });
});

describe('fake Anthropic Messages API: answers', () => {
  it('answers JSON outputs (output_config.format) with a text block of JSON that fits the schema', async () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, size: { type: 'integer', description: 'minimum: 3; maximum: 4.' } },
      required: ['name', 'size'],
      additionalProperties: false,
    };
    const { res, text } = await post({ ...MESSAGE, output_config: { format: { type: 'json_schema', schema } } });
    expect(res.status).toBe(200);
    const json = JSON.parse(text) as {
      type: string;
      role: string;
      content: Array<{ type: string; text: string }>;
      stop_reason: string;
      usage: { input_tokens: number; output_tokens: number };
    };
    expect(json).toMatchObject({ type: 'message', role: 'assistant', stop_reason: 'end_turn' });
    const value = JSON.parse(json.content[0]!.text) as { size: number };
    expect(value.size).toBeGreaterThanOrEqual(3);
    expect(json.usage.input_tokens).toBeGreaterThan(0);
    expect(json.usage.output_tokens).toBeGreaterThan(0);
  });

  it('answers a forced tool with a tool_use block whose input fits input_schema', async () => {
    const { text } = await post({
      ...MESSAGE,
      tools: [{ name: 'thing', input_schema: inputSchema }],
      tool_choice: { type: 'tool', name: 'thing' },
    });
    const json = JSON.parse(text) as { content: Array<{ type: string; name: string; input: unknown }>; stop_reason: string };
    expect(json.stop_reason).toBe('tool_use');
    expect(json.content[0]).toMatchObject({ type: 'tool_use', name: 'thing' });
    expect(Thing.parse(json.content[0]!.input)).toBeTruthy();
  });

  it('streams the event sequence, tool input as input_json_delta, usage in message_start and message_delta', async () => {
    const { res, text } = await post({
      ...MESSAGE,
      stream: true,
      tools: [{ name: 'thing', input_schema: inputSchema }],
      tool_choice: { type: 'any' },
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const all = events(text);
    const types = all.map((e) => e.type);
    expect(types.slice(0, 3)).toEqual(['message_start', 'content_block_start', 'ping']);
    expect(types.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    const deltas = all.filter((e) => e.type === 'content_block_delta').map((e) => e.delta as { type: string; partial_json: string });
    expect(deltas.every((d) => d.type === 'input_json_delta')).toBe(true);
    expect(Thing.parse(JSON.parse(deltas.map((d) => d.partial_json).join('')))).toBeTruthy();
    expect(all.find((e) => e.type === 'message_delta')).toMatchObject({
      delta: { stop_reason: 'tool_use' },
      usage: { output_tokens: expect.any(Number) },
    });
  });

  it('streams text as text_delta', async () => {
    const { text } = await post({ ...MESSAGE, stream: true });
    const deltas = events(text).filter((e) => e.type === 'content_block_delta');
    expect(deltas.every((e) => (e.delta as { type: string }).type === 'text_delta')).toBe(true);
  });
});

describe('fake Anthropic Messages API: faults', () => {
  it('answers 429 rate_limit_error with retry-after, and 529 overloaded_error', async () => {
    fake.enqueue({ kind: 'rate-limit', retryAfterSeconds: 7 }, { kind: 'overloaded' });
    const limited = await error(MESSAGE);
    expect(limited).toMatchObject({ status: 429, type: 'rate_limit_error' });
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await error(MESSAGE)).toMatchObject({ status: 529, type: 'overloaded_error', message: 'Overloaded' });
  });

  it('sends an overloaded error event inside a stream', async () => {
    fake.enqueue({ kind: 'stream-overloaded' });
    const { res, text } = await post({ ...MESSAGE, stream: true });
    expect(res.status).toBe(200);
    const all = events(text);
    expect(all.map((e) => e.type)).toEqual(['message_start', 'error']);
    expect(all[1]).toMatchObject({ error: { type: 'overloaded_error' } });
  });
});
