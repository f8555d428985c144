/**
 * The corpus thresholds of docs/report-quality.md (issue 13, part 5), as stated, on the 15 real
 * inventions: offline Basic reports through generateReport, each invention given as a member pastes
 * a listing (title line, then abstract). Shared 8-gram share below 25 % for every report, and every
 * other check clean. Needs poppler's `pdftotext` (near-empty pages).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from './corpus.ts';
import { evaluateCorpus, MAX_SHARED_SHARE, type EvalRun } from './evaluate.ts';

let run: EvalRun;

beforeAll(async () => {
  run = await evaluateCorpus({ inventions: loadCorpus() });
}, 120_000);

describe('corpus thresholds (docs/report-quality.md)', () => {
  it('shared 8-gram share: below 25 % for every report', () => {
    const over = run.results.filter((r) => r.sharedShare >= MAX_SHARED_SHARE).map((r) => `${r.id}: ${(r.sharedShare * 100).toFixed(1)} %`);
    expect(over).toEqual([]);
  });

  it('field chosen: right for every report', () => {
    expect(run.results.filter((r) => !r.fieldOk).map((r) => `${r.id}: ${r.domain}`)).toEqual([]);
  });

  it('stated TRL: kept wherever the text states one', () => {
    expect(run.results.filter((r) => r.trl.kept === false).map((r) => r.id)).toEqual([]);
  });

  it('named applications: every one present', () => {
    expect(run.results.filter((r) => r.missingApplications.length > 0).map((r) => `${r.id}: ${r.missingApplications.join('; ')}`)).toEqual([]);
  });

  it('out-of-field standards: none in any report', () => {
    expect(run.results.filter((r) => r.outOfFieldStandards.length > 0).map((r) => `${r.id}: ${r.outOfFieldStandards.map((s) => s.name).join('; ')}`)).toEqual([]);
  });

  it('near-empty pages: none in any report', () => {
    expect(run.results.filter((r) => r.nearEmptyPages.length > 0).map((r) => `${r.id}: ${r.nearEmptyPages.map((p) => `p.${p.page}`).join(', ')}`)).toEqual([]);
  });
});
