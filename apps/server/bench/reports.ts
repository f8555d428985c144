/**
 * `npm run bench:reports` — how fast reports are generated and rendered, written to
 * docs/benchmarks.md. A fake OpenAI-compatible server on loopback plays the model at a
 * realistic pace (2 s to first token, 40 tokens/s, ~600 tokens per call) and fake OpenAlex and
 * PatentsView servers answer every search in 300 ms; the rest is the production code path: the
 * report engine's one entry, and for the queue the generate use case, pg-boss, the worker.
 *
 *   npm run bench:reports            # concurrent runs; the sequential baseline derived from the calls
 *   npm run bench:reports -- --full  # also measures the sequential baseline for real (~15 min)
 */
import { COMPLEXITIES, REPORT_COSTS, sectionsFor, type Complexity } from '@assay/shared';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createEvidenceSources, createLlm, criticalPathMs, generateReport, wallMs, type GeneratedReport } from '@assay/report-engine';
import {
  startFakeOpenAI,
  startFakeOpenAlex,
  startFakePatentsView,
  type FakeOpenAI,
  type FakeSearchServer,
} from '@assay/report-engine/testing';
import { startWorkers } from '../src/run-workers.ts';
import { loadConfig } from '../src/config/env.ts';
import { requestReport } from '../src/modules/reports/request-report.ts';
import { adjustTokens } from '../src/modules/tokens/index.ts';
import { createRuntime } from '../src/runtime.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PACE = { delayToFirstTokenMs: 2000, tokensPerSecond: 40, simulatedOutputTokens: 600 };
const SEARCH_MS = 300;
const PV_KEY = 'bench-key';
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

interface Fakes {
  llm: FakeOpenAI;
  openalex: FakeSearchServer;
  patentsview: FakeSearchServer;
}

/** One report straight through the engine's entry, with the given section concurrency. */
async function timeReport(fakes: Fakes, tier: Complexity, concurrency: number) {
  const llm = createLlm({ provider: 'openai-compatible', baseUrl: fakes.llm.baseUrl, apiKey: 'bench', model: 'bench-model', stream: true });
  const evidence = createEvidenceSources({
    sources: ['openalex', 'patentsview'],
    openalexUrl: fakes.openalex.baseUrl,
    openalexApiKey: 'oa-bench-key',
    patentsviewUrl: fakes.patentsview.baseUrl,
    patentsviewApiKey: PV_KEY,
  });
  const before = fakes.llm.requests.length;
  const start = performance.now();
  const report = await generateReport({
    reportId: `bench-${tier}`,
    idea: IDEA,
    tier,
    ports: { llm, evidence },
    sectionConcurrency: concurrency,
  });
  const ms = performance.now() - start;
  const calls = report.calls;
  return {
    ms,
    report,
    modelCalls: fakes.llm.requests.length - before,
    critical: criticalPathMs(calls),
    /** Every call one after another (the research stage counts as one call: its searches are sent together). */
    sequential: calls.reduce((sum, c) => sum + (c.endMs - c.startMs), 0),
    wall: wallMs(calls),
  };
}

async function main() {
  const fakes: Fakes = {
    llm: await startFakeOpenAI(PACE),
    openalex: await startFakeOpenAlex({ delayMs: SEARCH_MS }),
    patentsview: await startFakePatentsView({ apiKey: PV_KEY, delayMs: SEARCH_MS }),
  };
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const load = () => os.loadavg()[0]!.toFixed(1);
  say(`# Benchmarks`);
  say();
  say(
    `Measured by \`npm run bench:reports\` on ${os.cpus().length} × ${cpu}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, load average ${load()} at the start.`,
  );
  say(
    `The model is a fake OpenAI-compatible server on loopback at a realistic pace: ${PACE.delayToFirstTokenMs / 1000} s to first token, ${PACE.tokensPerSecond} tokens/s, ~${PACE.simulatedOutputTokens} tokens per answer (so one call takes about ${seconds(PACE.delayToFirstTokenMs + (PACE.simulatedOutputTokens / PACE.tokensPerSecond) * 1000)}); fake OpenAlex and PatentsView servers answer each search in ${SEARCH_MS} ms. Everything else is the production code path.`,
  );
  say();

  // 1. One report, each tier: the engine's entry, concurrent sections vs its own critical path and the sequential baseline.
  say(`## One report, end to end (plan ‖ evidence → sections → executive summary → PDF)`);
  say();
  say(
    `| tier | sections | model calls | searches | wall time (limit 34) | critical path of its calls | wall ÷ critical path | sequential baseline | target |`,
  );
  say(`|---|---|---|---|---|---|---|---|---|`);
  let comprehensive: GeneratedReport | undefined;
  let ok = true;
  const reviews: string[] = [];
  for (const c of COMPLEXITIES) {
    const fast = await timeReport(fakes, c, 34);
    if (c === 'comprehensive') comprehensive = fast.report;
    const seq = full ? (await timeReport(fakes, c, 1)).ms : fast.sequential;
    const ratio = fast.ms / fast.critical;
    const reAsked = new Set(fast.report.review.filter((f) => f.fix === 'rewrite').map((f) => f.section)).size;
    reviews.push(`${c}: ${fast.report.review.length} findings, ${reAsked} section(s) asked again`);
    if (c === 'comprehensive') ok &&= fast.ms < 90_000 && ratio <= 1.15;
    say(
      `| ${c} | ${fast.report.sections.length} | ${fast.modelCalls} | ${fast.report.evidence.runs.length} | **${seconds(fast.ms)}** | ${seconds(fast.critical)} | ${ratio.toFixed(2)} | ${seconds(seq)}${full ? '' : ' (derived: every call one after another)'} | ${c === 'comprehensive' ? '< 90 s and ≤ 1.15' : ''} |`,
    );
  }
  say();
  say(`Review (each section checked as it is written, inside its own span; rule fixes need no call): ${reviews.join('; ')}.`);
  say();

  // 2. Re-rendering a Comprehensive report from what is stored: no model call, no search.
  const times: number[] = [];
  let pages = 0;
  const requestsBefore = fakes.llm.requests.length + fakes.openalex.requests.length + fakes.patentsview.requests.length;
  for (let i = 0; i < 7; i++) {
    const c = comprehensive!;
    const again = await generateReport({
      reportId: 'bench',
      idea: IDEA,
      tier: 'comprehensive',
      ports: { llm: createLlm({ provider: 'openai-compatible', baseUrl: fakes.llm.baseUrl, model: 'bench-model' }), evidence: [] },
      resume: { plan: { title: c.title, outline: c.outline }, evidence: c.evidence, sections: new Map(c.sections.map((s) => [s.key, s])) },
    });
    const render = again.calls.find((s) => s.name === 'render')!;
    times.push(render.endMs - render.startMs);
    pages = (again.pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  }
  const asked = fakes.llm.requests.length + fakes.openalex.requests.length + fakes.patentsview.requests.length - requestsBefore;
  times.sort((a, b) => a - b);
  say(
    `## PDF rendering (Comprehensive, ${sectionsFor('comprehensive').length} sections, ${pages} pages, re-rendered from the stored content and evidence)`,
  );
  say();
  say(`| runs | median | slowest | model calls and searches during the re-renders | target |`);
  say(`|---|---|---|---|---|`);
  say(`| ${times.length} | **${Math.round(times[3]!)} ms** | ${Math.round(times.at(-1)!)} ms | ${asked} | < 1 s |`);
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
    LLM_BASE_URL: fakes.llm.baseUrl,
    LLM_API_KEY: 'bench',
    LLM_MODEL: 'bench-model',
    LLM_STREAM: 'true',
    EVIDENCE_SOURCES: 'openalex,patentsview',
    OPENALEX_URL: fakes.openalex.baseUrl,
    OPENALEX_API_KEY: 'oa-bench-key',
    PATENTSVIEW_URL: fakes.patentsview.baseUrl,
    PATENTSVIEW_API_KEY: PV_KEY,
    // The fake has no allowance to protect: measure the engine, not the 45-a-minute queue.
    PATENTSVIEW_BUDGET: '10000',
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
  const stop = await startWorkers(deps);
  let maxActive = 0;
  const sampler = setInterval(async () => {
    const r = await deps.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reports WHERE status = 'processing' AND stage <> 'queued'`,
    );
    maxActive = Math.max(maxActive, r.rows[0]!.n);
  }, 250);
  const t0 = Date.now();
  for (let i = 0; i < 20; i++) await requestReport(deps, userId, { idea: `${IDEA} Variant ${i}.`, complexity: 'basic' });
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
  say(
    `| ${done.rows[0]!.n} / 20 | **${seconds(wall)}** | ${maxActive} | ${workerConcurrency} | ${seconds(20 * perReport)} (derived: 20 × one report) |`,
  );
  say();
  await stop();
  await runtime.close();
  await fakes.llm.close();
  await fakes.openalex.close();
  await fakes.patentsview.close();
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
  if (!ok || maxActive > workerConcurrency || done.rows[0]!.n !== 20) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
