/** The fake Chat Completions server answers forced tool calls too, streamed or not. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai.ts';

const Thing = z.object({ name: z.string().min(1), tags: z.array(z.enum(['a', 'b'])).min(2), size: z.number().int().min(3).max(4) });
const parameters = z.toJSONSchema(Thing);

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
});

const body = (stream: boolean) =>
  JSON.stringify({
    model: 'm',
    stream,
    messages: [{ role: 'user', content: 'Describe <idea>\na thing\n</idea>' }],
    tools: [{ type: 'function', function: { name: 'thing', parameters } }],
    tool_choice: { type: 'function', function: { name: 'thing' } },
  });

describe('fake OpenAI server', () => {
  it('answers a forced tool call with arguments valid for the tool schema', async () => {
    const res = await fetch(`${fake.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body(false),
    });
    const json = (await res.json()) as {
      choices: Array<{ message: { tool_calls: Array<{ function: { name: string; arguments: string } }> } }>;
    };
    const call = json.choices[0]!.message.tool_calls[0]!;
    expect(call.function.name).toBe('thing');
    expect(Thing.parse(JSON.parse(call.function.arguments))).toBeTruthy();
  });

  it('streams tool-call arguments as SSE chunks ending in [DONE]', async () => {
    const res = await fetch(`${fake.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body(true),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    const chunks = text
      .split('\n\n')
      .filter((l) => l.startsWith('data: ') && !l.includes('[DONE]'))
      .map((l) => JSON.parse(l.slice(6)));
    const args = chunks.map((c) => c.choices[0]?.delta?.tool_calls?.[0]?.function?.arguments ?? '').join('');
    expect(Thing.parse(JSON.parse(args))).toBeTruthy();
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
  });
});
