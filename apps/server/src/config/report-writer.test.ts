import type { FastifyBaseLogger } from 'fastify';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db.ts';
import { createRuntime } from '../runtime.ts';
import { ConfigError, configWarnings, loadConfig } from './env.ts';

/** Production with everything else in order (payments keys), so only the report writer is under test. */
const prod = {
  NODE_ENV: 'production',
  DATA_DIR: '/tmp/assay-test-unused',
  JWT_SECRET: 'x'.repeat(32),
  RAZORPAY_KEY_ID: 'rzp_live_x',
  RAZORPAY_KEY_SECRET: 's',
  RAZORPAY_WEBHOOK_SECRET: 'w',
};
const model = { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'some-model' };

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe('the report writer in production', () => {
  it('refuses to start without a model provider, saying what to set', () => {
    const refusal = expect.stringMatching(/^LLM_PROVIDER: required in production.*REPORT_WRITER=offline/);
    expect(problems(prod)).toEqual([refusal]);
    expect(problems({ ...prod, LLM_PROVIDER: 'offline' })).toEqual([refusal]);
    expect(problems({ ...prod, DATABASE_URL: 'postgres://db.example/assay' })).toEqual([refusal]);
  });

  it('starts with a model provider, or with the offline analyst asked for explicitly (warning at every start)', async () => {
    expect(problems({ ...prod, ...model })).toEqual([]);
    expect(configWarnings(loadConfig({ ...prod, ...model }))).toEqual([]);
    const config = loadConfig({ ...prod, REPORT_WRITER: 'offline' });
    expect(config.REPORT_WRITER).toBe('offline');
    const lines: Array<{ level: number; msg: string }> = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const log = pino({ level: 'info' }, sink) as unknown as FastifyBaseLogger;
    const runtime = await createRuntime(config, log, { supervise: false, db: await createTestDb() });
    await runtime.close();
    expect(lines.filter((l) => l.level === 40 && /offline analyst writes every report in production/.test(l.msg))).toHaveLength(1);
  });

  it('refuses REPORT_WRITER=offline beside a model provider, and any other value', () => {
    expect(problems({ ...prod, ...model, REPORT_WRITER: 'offline' })).toEqual([
      'REPORT_WRITER: "offline" contradicts LLM_PROVIDER=openai-compatible; unset one of them',
    ]);
    expect(problems({ ...prod, REPORT_WRITER: 'model' })).toEqual([expect.stringMatching(/^REPORT_WRITER: must be "offline"/)]);
  });
});

describe('the report writer outside production', () => {
  it('keeps the offline analyst as the embedded default, with nothing set (a newcomer’s npm start)', () => {
    // `npm start` sets no NODE_ENV: it runs as development.
    const config = loadConfig({ DATA_DIR: '/tmp/assay-test-unused', DATABASE_URL: 'postgres://unused.invalid/x' });
    expect(config.NODE_ENV).toBe('development');
    expect(config.LLM_PROVIDER).toBe('offline');
    expect(configWarnings(config)).toEqual([]);
    expect(problems({ NODE_ENV: 'test', DATA_DIR: '/tmp/assay-test-unused', DATABASE_URL: 'postgres://unused.invalid/x' })).toEqual([]);
  });
});
