/**
 * The engine's one entry end to end, with its production adapters against fakes on loopback
 * (OpenAlex, PatentsView, an OpenAI-compatible model): the found patents and papers reach the
 * prior-art table and the References with their numbers and DOIs (read back with pdftotext),
 * a failed or missing search is said in plain words, a citation to an unknown source is asked
 * again, the idea never goes to a search, and stored evidence is never searched again.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sectionsFor, type Complexity } from '@assay/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAlex, startFakePatentsView, type FakeSearchServer } from '../test/fakes/fake-evidence.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fakes/fake-openai.ts';
import { createEvidenceSources } from './evidence/config.ts';
import { repeatsIdea } from './evidence/search-terms.ts';
import { generateReport, type GenerateReportInput } from './generate-report.ts';
import { criticalPathMs, wallMs } from './pipeline/trace.ts';
import { createLlm } from './writers/create-report-writer.ts';

const IDEA =
  'A gravity-fed ceramic membrane filter coated with iron-oxide nanoparticles that removes arsenic and fluoride from groundwater for rural households. ' +
  'Water passes through a clay-based ceramic candle whose pores are lined with a nanostructured iron-oxide coating that adsorbs arsenic ions. ' +
  'Our unpublished field trial with the Kalyani cooperative reached 9 µg/L after 500 litres; a provisional patent application has been filed.';
const CREATED = new Date('2026-11-23T09:00:00Z');

let oa: FakeSearchServer;
let pv: FakeSearchServer;
let model: FakeOpenAI;
const dir = mkdtempSync(join(tmpdir(), 'assay-engine-'));

beforeAll(async () => {
  oa = await startFakeOpenAlex();
  pv = await startFakePatentsView({ apiKey: 'pv-key' });
  model = await startFakeOpenAI();
});
afterAll(async () => {
  await Promise.all([oa.close(), pv.close(), model.close()]);
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  oa.reset();
  pv.reset();
  model.reset();
});

const FAST = { timeoutMs: 1_000, maxRetries: 1, retryBaseDelayMs: 10, maxRetryDelayMs: 1_000 };
const sources = () =>
  createEvidenceSources({
    sources: ['openalex', 'patentsview'],
    openalexUrl: oa.baseUrl,
    openalexApiKey: 'oa-key',
    patentsviewUrl: pv.baseUrl,
    patentsviewApiKey: 'pv-key',
    ...FAST,
  });
const llm = () =>
  createLlm({
    provider: 'openai-compatible',
    baseUrl: model.baseUrl,
    apiKey: 'k',
    model: 'fake-model',
    timeoutMs: 5_000,
    maxRetries: 1,
    retryBaseDelayMs: 5,
  });

function run(over: Partial<GenerateReportInput> & { tier?: Complexity } = {}) {
  return generateReport({
    reportId: 'rep-evidence',
    idea: IDEA,
    tier: 'basic',
    createdAt: CREATED,
    ports: { llm: null, evidence: sources(), clock: { now: () => CREATED } },
    sectionConcurrency: 8,
    ...over,
  });
}

function pdfText(pdf: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The PDF's text from the first line matching `from` (not in the contents) to the next matching `to`. */
function between(text: string, from: RegExp, to: RegExp): string {
  const body = text.split('\f').slice(2).join('\n');
  const start = body.search(from);
  expect(start, `text matching ${from}`).toBeGreaterThanOrEqual(0);
  const rest = body.slice(start + 1);
  const end = rest.search(to);
  return end < 0 ? rest : rest.slice(0, end);
}

const SECTION = /Section \d+ of \d+/;
const sourcesPage = (text: string) => flat(between(text, /^\s*Sources and method\s*$/m, /^\s*References\s*$/m));

const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('a report built with the fake OpenAlex and PatentsView', () => {
  it('offline: lists the patents and DOIs found in the prior-art table and the References, with links, and cites them in the text', async () => {
    const report = await run();
    const patents = report.evidence.items.filter((i) => i.kind === 'patent');
    const works = report.evidence.items.filter((i) => i.kind === 'work');
    expect(patents.length).toBeGreaterThanOrEqual(5);
    expect(works.length).toBeGreaterThanOrEqual(5);
    for (const i of report.evidence.items) expect([...pv.served, ...oa.served].map((d) => d.identifier)).toContain(i.identifier);

    const text = pdfText(report.pdf, 'offline-evidence');
    const ipSummary = report.sections.find((s) => s.key === 'ip_summary')!;
    expect(ipSummary.prior_art!.length).toBeGreaterThanOrEqual(5);
    const table = flat(between(text, /Closest prior art found by the search/, SECTION));
    for (const row of ipSummary.prior_art!) {
      const doc = report.evidence.items.find((i) => i.id === row.id)!;
      expect(table).toContain(`[${doc.id}]`);
    }
    // Patent numbers as long as a cell may wrap them; their digits are there in order.
    for (const p of patents.slice(0, 3)) expect(table.replace(/\s/g, '')).toContain(p.identifier);

    const references = flat(between(text, /^\s*References\s*$/m, /^\s*Disclaimer\s*$/m));
    for (const p of patents) {
      expect(references).toContain(`[${p.id}] ${p.identifier} — ${p.title}`);
      expect(references).toContain(`https://patents.google.com/patent/${p.identifier}`);
    }
    // A DOI may wrap after a slash.
    const unwrapped = references.replace(/\s/g, '');
    for (const w of works) {
      expect(unwrapped).toContain(`doi:${w.identifier}`);
      expect(unwrapped).toContain(`https://doi.org/${w.identifier}`);
    }
    // In-text markers point into the References.
    expect(flat(text)).toMatch(/Closest prior art: \[P1\] US\d+ \([^)]+\), disclosing \d of \d features/);

    // The method note lists exactly the searches sent, and the sources asked.
    const method = sourcesPage(text);
    for (const q of report.evidence.queries) expect(method).toContain(`“${q}”`);
    expect(method).toContain("Only the search terms listed below were sent to them; the member's description and record were not.");
    expect(method).toContain('searches of PatentsView (US patents and published applications); the');
    expect(flat(text)).toContain('automated keyword search of the public databases named under “Sources and method”');
    expect(flat(text)).not.toContain('No patent search, freedom-to-operate opinion');
  });

  it('sends no request carrying the idea text: only the short searches leave', async () => {
    await run();
    const sent = [...oa.requests, ...pv.requests].map((r) => decodeURIComponent(r.url.search).replace(/\+/g, ' '));
    expect(sent.length).toBeGreaterThanOrEqual(6);
    for (const s of sent) {
      expect(s).not.toMatch(/Kalyani|unpublished|9 µg|500 litres|rural households/);
      expect(repeatsIdea(s.replace(/[^A-Za-z0-9-]+/g, ' '), IDEA)).toBe(false);
      for (const sentence of IDEA.split(/(?<=\.)\s+/)) expect(s).not.toContain(sentence.slice(0, 30));
    }
  });

  it('with a model: each section is shown its evidence, cites it by id, and the IP summary gets its prior-art rows', async () => {
    const report = await run({ ports: { llm: llm(), evidence: sources(), clock: { now: () => CREATED } } });
    const ipSummary = report.sections.find((s) => s.key === 'ip_summary')!;
    expect(ipSummary.prior_art?.length).toBeGreaterThanOrEqual(3);
    const ids = new Set(report.evidence.items.map((i) => i.id));
    for (const row of ipSummary.prior_art!) expect(ids.has(row.id)).toBe(true);
    // The prompt carries the evidence list and the citation rule; the model's citation survives.
    const ipRequest = model.requests.find((r) => JSON.stringify(r.body.messages).includes('Write the section \\"IP Summary\\"'))!;
    const prompt = JSON.stringify(ipRequest.body.messages);
    expect(prompt).toContain(`[P1] Patent ${report.evidence.items[0]!.identifier}`);
    expect(prompt).toContain('Cite no other id and no other source');
    // The feature chart is the finding the model writes from, with the rule on "different" and papers' claims.
    expect(prompt).toContain('## Feature chart of the closest documents');
    expect(prompt).toContain('What remains new: ');
    expect(prompt).toContain('a document that discloses the mechanism is never \\"different\\"');
    expect(flat(pdfText(report.pdf, 'llm-chart'))).toContain('Feature chart: what the closest documents disclose');
    expect(ipSummary.summary[0]).toMatch(/\[P1\]$/);
    // A section the evidence does not bear on is told to cite nothing.
    const finance = model.requests.find((r) => JSON.stringify(r.body.messages).includes('(key: next_steps)'))!;
    expect(JSON.stringify(finance.body.messages)).toContain('No search results are given for this section: cite no source');
    const text = flat(pdfText(report.pdf, 'llm-evidence'));
    expect(text).toContain('Closest prior art found by the search');
    expect(text).toContain(report.evidence.items[0]!.identifier);
  });

  it('asks the model again when it cites a source that is not in the evidence list', async () => {
    model.enqueue(
      { kind: 'ok' }, // the record (read by the model: no confirmed record was given)
      { kind: 'ok' }, // the plan
      {
        kind: 'edit',
        edit: (answer) => {
          const a = answer as { summary: string[] };
          return { ...a, summary: [`${a.summary[0]} as shown in [P99] and [3].`, ...a.summary.slice(1)] };
        },
      },
    );
    const report = await run({ ports: { llm: llm(), evidence: sources(), clock: { now: () => CREATED } }, sectionConcurrency: 1 });
    const reask = model.requests.find((r) =>
      JSON.stringify(r.body.messages).includes('cites [P99], [3], which are not in the evidence list'),
    );
    expect(reask, 'a re-ask naming the unknown citations').toBeTruthy();
    const messages = reask!.body.messages as Array<{ role: string; content: unknown }>;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(JSON.stringify(messages[2]!.content)).toContain('[P99]');
    for (const s of report.sections) expect(JSON.stringify(s)).not.toMatch(/\[P99\]|\[3\]/);
  });

  it('completes when the patent search fails, and says which search failed and why', async () => {
    pv.setDefault({ kind: 'server-error', status: 503 });
    oa.enqueue({ kind: 'daily-limit' });
    const report = await run();
    expect(report.sections).toHaveLength(15);
    expect(report.evidence.items.every((i) => i.kind === 'work')).toBe(true);
    const method = sourcesPage(pdfText(report.pdf, 'failed-search'));
    expect(method).toContain(
      'The patent search (PatentsView (US patents and published applications)) failed: the service was unavailable (HTTP 503). This report cites no patents.',
    );
    expect(method).toContain('Searches that failed');
    // A spent daily allowance is said as such (decision 210); the searches already under way still answered.
    expect(method).toMatch(
      /OpenAlex \(scholarly works\), “[^”]+”: the service has used up today's allowance of this service's key \(HTTP 429\); searches resume after midnight UTC\./,
    );
    // The IP sections say it again, beside the judgement it weakens.
    const ipSnapshot = flat(between(pdfText(report.pdf, 'failed-search'), /^\s*IP Snapshot\s*$/m, SECTION));
    expect(ipSnapshot).toContain('Not searched for this report');
    expect(ipSnapshot).toContain('The patent search (PatentsView (US patents and published applications)) failed');
  });

  it('says "No patent search was run" when no source is configured, and cites nothing', async () => {
    const report = await run({ ports: { llm: null, evidence: [] } });
    expect(report.evidence.items).toEqual([]);
    expect(report.sections.some((s) => s.prior_art)).toBe(false);
    const text = flat(pdfText(report.pdf, 'no-search'));
    expect(text).toContain('No patent search was run for this report: no patent database is connected to this service.');
    expect(text).toContain('No literature search was run for this report');
    expect(text).toContain('No search was run, so there are no references.');
    expect(text.match(/Not searched for this report/g)).toHaveLength(2); // IP snapshot and IP summary (Basic)
    expect(text).not.toMatch(/\[P\d+\]|\[W\d+\]/);
    expect(oa.requests.length + pv.requests.length).toBe(0);
  });

  it('never searches again for a report whose evidence is stored, and renders it the same', async () => {
    const first = await run();
    const searches = oa.requests.length + pv.requests.length;
    const again = await run({
      record: first.plan.record,
      resume: {
        plan: { title: first.title, outline: first.outline },
        evidence: first.evidence,
        sections: new Map(first.sections.map((s) => [s.key, s])),
      },
    });
    expect(oa.requests.length + pv.requests.length).toBe(searches);
    expect(again.evidence).toEqual(first.evidence);
    expect(again.calls.map((c) => c.name)).toEqual(['render']);
    expect(flat(pdfText(again.pdf, 'rerender'))).toContain(first.evidence.items[0]!.identifier);
  });

  it.each([
    ['basic', 15],
    ['advanced', 24],
    ['comprehensive', 34],
  ] as const)('keeps the %s tier at %i sections, with the sources and references pages after them', async (tier, count) => {
    const progress: string[] = [];
    const report = await run({
      tier,
      ports: {
        llm: null,
        evidence: sources(),
        progress: {
          stage: (s) => void progress.push(`stage:${s}`),
          plan: () => void progress.push('plan'),
          evidence: () => void progress.push('evidence'),
          section: () => void progress.push('section'),
        },
      },
    });
    expect(sectionsFor(tier)).toHaveLength(count);
    expect(report.sections.map((s) => s.key)).toEqual(sectionsFor(tier).map((s) => s.key));
    expect(progress.filter((p) => p === 'section')).toHaveLength(count);
    expect(progress.indexOf('evidence')).toBeLessThan(progress.indexOf('section'));
    expect(progress.at(-1)).toBe('stage:render');
    const text = pdfText(report.pdf, `tier-${tier}`);
    expect(text).toMatch(/Sources and method\s+\d+/);
    expect(text).toMatch(/References\s+\d+/);
    // Plan and research ran side by side; every section waited for both; the PDF for every section.
    expect(criticalPathMs(report.calls)).toBeLessThanOrEqual(wallMs(report.calls) + 1);
  });
});
