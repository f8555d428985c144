/**
 * `npm run bench:reports` — how fast reports are generated and rendered, written to
 * docs/benchmarks.md. A fake OpenAI-compatible server on loopback plays the model at a
 * realistic pace (2 s to first token, 40 tokens/s, ~600 tokens per section); the rest is the
 * production path: the generate use case, the pg-boss queue, the worker, the PDF renderer.
 *
 *   npm run bench:reports            # concurrent runs + derived sequential baseline
 *   npm run bench:reports -- --full  # also measures the sequential baseline for real (~10 min)
 */
import { COMPLEXITIES, REPORT_COSTS, sectionsFor, type Complexity } from '@assay/shared';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fakes/fake-openai.ts';
import { createReportWriter } from '../src/adapters/llm/create-report-writer.ts';
import { startBackgroundWork } from '../src/background.ts';
import { loadConfig } from '../src/config/env.ts';
import { generateReportContent } from '../src/modules/reports/engine/generate-report-content.ts';
import { renderReportPdf } from '../src/modules/reports/engine/pdf/render-report-pdf.ts';
import { generateReport } from '../src/modules/reports/generate-report.ts';
import { adjustTokens } from '../src/modules/tokens/index.ts';
import { createRuntime } from '../src/runtime.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PACE = { delayToFirstTokenMs: 2000, tokensPerSecond: 40, simulatedOutputTokens: 600 };
const IDEA =
  'A gravity-fed ceramic membrane filter coated with iron-oxide nanoparticles that removes arsenic and fluoride from groundwater for rural households; lab prototype tested, provisional patent filed.';
const full = process.argv.includes('--full');
const log = pino({ level: 'warn' }) as unknown as FastifyBaseLogger;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const lines: string[] = [];
const say = (s = '') => {
  console.log(s);
  lines.push(s);
};

/** One report's content straight through the engine, with the given section concurrency. */
async function timeContent(llm: FakeOpenAI, complexity: Complexity, concurrency: number) {
  const writer = createReportWriter({ provider: 'openai-compatible', baseUrl: llm.baseUrl, apiKey: 'bench', model: 'bench-model', stream: true });
  const start = Date.now();
  const before = llm.requests.length;
  const calls: number[] = [];
  const content = await generateReportContent({
    writer,
    idea: IDEA,
    complexity,
    concurrency,
    onOutline: () => void calls.push(Date.now()),
    onSectionDone: () => void calls.push(Date.now()),
  });
  return { ms: Date.now() - start, calls: llm.requests.length - before, sections: content.sections.length, content };
}

async function main() {
  const llm = await startFakeOpenAI(PACE);
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  say(`# Benchmarks`);
  say();
  say(`Measured by \`npm run bench:reports\` on ${os.cpus().length} × ${cpu}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`);
  say(`The model is a fake OpenAI-compatible server on loopback at a realistic pace: ${PACE.delayToFirstTokenMs / 1000} s to first token, ${PACE.tokensPerSecond} tokens/s, ~${PACE.simulatedOutputTokens} tokens per answer (so one section takes about ${seconds(PACE.delayToFirstTokenMs + (PACE.simulatedOutputTokens / PACE.tokensPerSecond) * 1000)}). Everything else is the production code path.`);
  say();

  // 1. One report, each tier: concurrent sections vs one after another.
  say(`## One report, end to end (outline → sections → executive summary)`);
  say();
  say(`| tier | sections | model calls | concurrent (limit 34) | sequential baseline | target |`);
  say(`|---|---|---|---|---|---|`);
  let comprehensiveContent;
  for (const c of COMPLEXITIES) {
    const fast = await timeContent(llm, c, 34);
    if (c === 'comprehensive') comprehensiveContent = fast.content;
    const perCall = PACE.delayToFirstTokenMs + (PACE.simulatedOutputTokens / PACE.tokensPerSecond) * 1000;
    const seq = full ? (await timeContent(llm, c, 1)).ms : fast.calls * perCall;
    say(`| ${c} | ${fast.sections} | ${fast.calls} | **${seconds(fast.ms)}** | ${seconds(seq)}${full ? '' : ' (derived: calls × one call)'} | ${c === 'comprehensive' ? '< 60 s' : ''} |`);
  }
  say();

  // 2. PDF rendering of a Comprehensive report.
  const times: number[] = [];
  let pages = 0;
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    const pdf = await renderReportPdf({
      reportId: 'bench',
      title: comprehensiveContent!.title,
      idea: IDEA,
      complexity: 'comprehensive',
      createdAt: new Date(),
      sections: comprehensiveContent!.sections,
      offline: false,
    });
    times.push(performance.now() - t0);
    pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  }
  times.sort((a, b) => a - b);
  say(`## PDF rendering (Comprehensive, ${sectionsFor('comprehensive').length} sections, ${pages} pages)`);
  say();
  say(`| runs | median | slowest | target |`);
  say(`|---|---|---|---|`);
  say(`| ${times.length} | **${Math.round(times[3]!)} ms** | ${Math.round(times.at(-1)!)} ms | < 1 s |`);
  say();

  // 3. 20 reports queued at once through the real queue and worker.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-bench-'));
  const workerConcurrency = 4;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    LOG_LEVEL: 'warn',
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: 'bench',
    LLM_MODEL: 'bench-model',
    LLM_STREAM: 'true',
    REPORT_WORKER_CONCURRENCY: String(workerConcurrency),
    REPORT_SECTION_CONCURRENCY: '34',
  });
  const runtime = await createRuntime(config, log, { supervise: true });
  const { deps } = runtime;
  const user = await deps.db.query<{ id: string }>(
    `INSERT INTO users (name, email, password_hash, is_verified) VALUES ('Bench', 'bench@example.com', 'x', true) RETURNING id`,
  );
  const userId = user.rows[0]!.id;
  await deps.db.transaction((tx) => adjustTokens(tx, { userId, amount: 20 * REPORT_COSTS.basic, note: 'benchmark' }));
  const stop = await startBackgroundWork(deps);
  let maxActive = 0;
  const sampler = setInterval(async () => {
    const r = await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reports WHERE status = 'processing' AND stage <> 'queued'`);
    maxActive = Math.max(maxActive, r.rows[0]!.n);
  }, 250);
  const t0 = Date.now();
  for (let i = 0; i < 20; i++) await generateReport(deps, userId, { idea: `${IDEA} Variant ${i}.`, complexity: 'basic' });
  for (;;) {
    const r = await deps.db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM reports GROUP BY status');
    const processing = r.rows.find((x) => x.status === 'processing')?.n ?? 0;
    if (!processing) break;
    await new Promise((x) => setTimeout(x, 500));
  }
  const wall = Date.now() - t0;
  clearInterval(sampler);
  const done = await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reports WHERE status = 'completed'`);
  const perReport = 3 * (PACE.delayToFirstTokenMs + (PACE.simulatedOutputTokens / PACE.tokensPerSecond) * 1000);
  say(`## 20 Basic reports queued at once (worker concurrency ${workerConcurrency}, ${deps.db.kind})`);
  say();
  say(`| completed | wall time | most reports in progress at once | limit | sequential baseline |`);
  say(`|---|---|---|---|---|`);
  say(`| ${done.rows[0]!.n} / 20 | **${seconds(wall)}** | ${maxActive} | ${workerConcurrency} | ${seconds(20 * perReport)} (derived: 20 × one report) |`);
  say();
  stop();
  await runtime.close();
  await llm.close();
  rmSync(dataDir, { recursive: true, force: true });

  const file = path.join(ROOT, 'docs/benchmarks.md');
  let other = '';
  try {
    other = readFileSync(file, 'utf8').split('\n<!-- other benchmarks -->\n')[1] ?? '';
  } catch {
    /* first run */
  }
  writeFileSync(file, `${lines.join('\n')}\n<!-- other benchmarks -->\n${other}`);
  console.log(`\nwritten to ${path.relative(ROOT, file)}`);
  if (maxActive > workerConcurrency || done.rows[0]!.n !== 20) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
