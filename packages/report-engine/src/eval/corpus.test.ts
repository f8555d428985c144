import { describe, expect, it } from 'vitest';
import { loadCorpus } from './corpus.ts';

describe('the corpus of real inventions', () => {
  const corpus = loadCorpus();
  it('holds at least 14 published descriptions in at least 10 fields', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(14);
    expect(new Set(corpus.map((i) => i.field)).size).toBeGreaterThanOrEqual(10);
  });
  it('keeps a distinct source address and patent number for each', () => {
    expect(new Set(corpus.map((i) => i.source_url)).size).toBe(corpus.length);
    expect(new Set(corpus.map((i) => i.patent)).size).toBe(corpus.length);
    for (const i of corpus) expect(i.patent).toMatch(/^US \d{7,8}$/);
  });
  it('names only applications whose terms occur in the published title or text', () => {
    for (const i of corpus) {
      for (const a of i.applications) for (const t of a.terms) expect(`${i.title} ${i.text}`.toLowerCase()).toContain(t.toLowerCase());
    }
  });
});
