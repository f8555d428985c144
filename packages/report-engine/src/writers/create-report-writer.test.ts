import { describe, expect, it } from 'vitest';
import { createReportWriter } from './create-report-writer.ts';
import { reportWriterConfigSchema } from '../llm/config.ts';
import { LlmError } from '../llm/errors.ts';

describe('createReportWriter', () => {
  it('defaults to the offline analyst', () => {
    const w = createReportWriter({});
    expect(w.provider).toBe('offline');
    expect(w.offline).toBe(true);
    expect(w.model).toMatch(/^offline-analyst@/);
  });

  it('fills defaults for timeouts and retries', () => {
    const c = reportWriterConfigSchema.parse({ provider: 'offline' });
    expect(c.timeoutMs).toBeGreaterThan(0);
    expect(c.maxRetries).toBeGreaterThanOrEqual(1);
    expect(c.maxSchemaAttempts).toBeGreaterThanOrEqual(2);
  });

  it('builds an OpenAI-compatible writer (an API key is optional for local servers)', () => {
    const w = createReportWriter({
      provider: 'openai-compatible',
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'm',
      timeoutMs: 1000,
      maxRetries: 0,
    });
    expect(w.provider).toBe('openai-compatible');
    expect(w.model).toBe('m');
    expect(w.offline).toBe(false);
  });

  it('builds an Anthropic writer without touching the network', () => {
    const w = createReportWriter({ provider: 'anthropic', apiKey: 'k', model: 'claude-sonnet-4-5', timeoutMs: 1000, maxRetries: 1 });
    expect(w.provider).toBe('anthropic');
    expect(w.offline).toBe(false);
  });

  it.each([
    [{ provider: 'openai-compatible', model: 'm' }, /baseUrl/],
    [{ provider: 'openai-compatible', baseUrl: 'http://x/v1' }, /model/],
    [{ provider: 'anthropic', model: 'm' }, /apiKey/],
    [{ provider: 'anthropic', apiKey: 'k', model: 'm', temperature: 1.5 }, /temperature must be at most 1/],
    [{ provider: 'gemini' }, /provider/],
    [{ provider: 'offline', timeoutMs: -1 }, /timeoutMs/],
  ])('rejects an incomplete configuration %j', (config, message) => {
    expect(() => createReportWriter(config as never)).toThrow(LlmError);
    expect(() => createReportWriter(config as never)).toThrow(message);
  });
});
