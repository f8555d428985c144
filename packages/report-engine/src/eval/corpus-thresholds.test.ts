/**
 * The report-quality thresholds over the corpus (issue 13, part 5): an offline Basic report for
 * each real invention must share under 25 % of its words in 8-word runs with the reports on the
 * other inventions, keep a TRL the text states, name the applications the text names, choose the
 * expected field, cite no standard of another field, and have no near-empty page.
 *
 * The same measure prints as a table with `npm run eval:reports` (docs/report-quality.md).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from './corpus.ts';
import { evaluateCorpus, MAX_SHARED_SHARE, type EvalRun, type InventionResult } from './evaluate.ts';

const corpus = loadCorpus();
let run: EvalRun;

beforeAll(async () => {
  run = await evaluateCorpus({ inventions: corpus });
}, 300_000);

const result = (id: string): InventionResult => {
  const r = run.results.find((x) => x.id === id);
  if (!r) throw new Error(`no result for ${id}`);
  return r;
};

describe.each(corpus.map((i) => i.id))('the offline Basic report on %s', (id) => {
  it('shares under 25 % of its words in 8-word runs with the other reports', () => {
    const r = result(id);
    expect(r.sharedShare, `${r.sharedWords} of ${r.words} words shared`).toBeLessThan(MAX_SHARED_SHARE);
  });
  it('keeps the TRL the text states', () => {
    const r = result(id);
    if (r.trl.stated !== null) expect(r.trl.reported).toEqual([r.trl.stated]);
  });
  it('names every application the text names', () => {
    expect(result(id).missingApplications).toEqual([]);
  });
  it('chooses the expected field', () => {
    const r = result(id);
    expect(r.fieldOk, `expected ${r.expectedField}, chose "${r.domain}"`).toBe(true);
  });
  it('cites no standard that belongs only to other fields', () => {
    expect(result(id).outOfFieldStandards.map((s) => s.name)).toEqual([]);
  });
  it('has no near-empty page (under 40 words, cover and contents aside)', () => {
    expect(result(id).nearEmptyPages).toEqual([]);
  });
});
