import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasTerm } from './applications.ts';
import { ADDED_FOR_ISSUE_24, CORPUS_FILE, CORPUS_KINDS, loadCorpus, loadEvalItems, type Invention } from './corpus.ts';

const digits = (s: string) => s.replace(/\D/g, '');
const source = (i: Invention) => `${i.title ?? ''}\n${i.text}`;

describe('the corpus of real inventions', () => {
  const corpus = loadCorpus();
  const first = corpus.filter((i) => !i.added);
  const added = corpus.filter((i) => i.added === ADDED_FOR_ISSUE_24);
  const real = added.filter((i) => i.kind !== 'member');

  it('keeps the first 15 published patent abstracts in at least 10 fields', () => {
    expect(first).toHaveLength(15);
    expect(new Set(first.map((i) => i.field)).size).toBeGreaterThanOrEqual(10);
    for (const i of first) expect(i.patent).toMatch(/^US \d{7,8}$/);
  });

  it('has unique ids, and a distinct source address for every item a member did not write', () => {
    expect(new Set(corpus.map((i) => i.id)).size).toBe(corpus.length);
    const sourced = corpus.filter((i) => i.kind !== 'member');
    expect(new Set(sourced.map((i) => i.source_url)).size).toBe(sourced.length);
    for (const i of corpus.filter((c) => c.kind === 'patent')) expect(i.patent).not.toBeNull();
  });

  it('adds at least 12 real listings and patents in at least 8 fields, and at least 10 member ideas', () => {
    expect(real.length).toBeGreaterThanOrEqual(12);
    expect(new Set(real.map((i) => i.expected.field)).size).toBeGreaterThanOrEqual(8);
    expect(added.filter((i) => i.kind === 'member').length).toBeGreaterThanOrEqual(10);
  });

  it('meets the issue’s minimums among the new real items: stated stages in different wordings, IP numbers or owners, named parties or figures', () => {
    const staged = real.filter((i) => i.expected.stage.trl !== null);
    expect(staged.length).toBeGreaterThanOrEqual(6);
    expect(new Set(staged.map((i) => i.expected.stage.label?.toLowerCase())).size).toBe(staged.length);
    expect(real.filter((i) => i.expected.ip.numbers.length > 0 || i.expected.ip.owner !== null).length).toBeGreaterThanOrEqual(4);
    const e = (i: Invention) => i.expected;
    expect(
      real.filter((i) => e(i).licensees.length + e(i).customers.length + e(i).applications.length + e(i).figures.length > 0).length,
    ).toBeGreaterThanOrEqual(4);
  });

  it('gives every item a set, with at least 12 in the holdout and every kind in both sets', () => {
    const holdout = corpus.filter((i) => i.split === 'holdout');
    expect(holdout.length).toBeGreaterThanOrEqual(12);
    for (const kind of CORPUS_KINDS) {
      expect(corpus.some((i) => i.kind === kind && i.split === 'tuning')).toBe(true);
      expect(corpus.some((i) => i.kind === kind && i.split === 'holdout')).toBe(true);
    }
    const both = (pick: (i: Invention) => boolean) => ['tuning', 'holdout'].every((s) => corpus.some((i) => i.split === s && pick(i)));
    expect(both((i) => i.expected.stage.trl !== null)).toBe(true);
    expect(both((i) => i.expected.ip.numbers.length > 0)).toBe(true);
    expect(new Set(holdout.map((i) => i.expected.field)).size).toBeGreaterThanOrEqual(8);
  });

  it('keeps items tuned on before issue 24 out of the holdout', () => {
    for (const i of first) expect(i.split).toBe('tuning');
  });

  it('writes expected records only from the text: named items, patent numbers, owners, names and stage wording all occur in it', () => {
    for (const i of corpus) {
      const text = source(i);
      const e = i.expected;
      for (const n of [...e.applications, ...e.licensees, ...e.customers]) {
        expect(
          n.terms.some((t) => hasTerm(text, t)),
          `${i.id}: ${n.name}`,
        ).toBe(true);
      }
      for (const n of e.ip.numbers) expect(digits(text), `${i.id}: ${n}`).toContain(digits(n));
      if (e.ip.owner) expect(text.toLowerCase(), i.id).toContain(e.ip.owner.toLowerCase());
      if (e.name) expect(text, i.id).toContain(e.name);
      if (e.stage.label) expect(text.toLowerCase(), i.id).toContain(e.stage.label.toLowerCase());
    }
  });

  it('names only applications whose terms occur in the published title or text', () => {
    for (const i of corpus) {
      for (const a of i.applications) for (const t of a.terms) expect(source(i).toLowerCase()).toContain(t.toLowerCase());
    }
  });

  it('loads each set for the eval with its expected records, and no item in both', () => {
    const tuning = loadEvalItems('tuning');
    const holdout = loadEvalItems('holdout');
    expect(tuning.length + holdout.length).toBe(corpus.length);
    const ids = new Set(tuning.map((i) => i.id));
    for (const i of holdout) expect(ids.has(i.id)).toBe(false);
    for (const i of [...tuning, ...holdout]) expect(i.expected.field).toBeTruthy();
  });
});

describe('the corpus schema', () => {
  const raw = JSON.parse(readFileSync(CORPUS_FILE, 'utf8')) as { inventions: Array<Record<string, unknown>> };
  const withItem = (change: (i: Record<string, unknown>) => void) => {
    const copy = structuredClone(raw);
    change(copy.inventions[0]!);
    const file = join(mkdtempSync(join(tmpdir(), 'corpus-')), 'corpus.json');
    writeFileSync(file, JSON.stringify(copy));
    return () => loadCorpus(file);
  };
  it('refuses an item without a set or an expected record', () => {
    expect(withItem((i) => delete i.split)).toThrow();
    expect(withItem((i) => delete i.expected)).toThrow();
  });
  it('refuses a field id the engine does not know, and an unknown key in an expected record', () => {
    expect(withItem((i) => ((i.expected as Record<string, unknown>).field = 'medical devices'))).toThrow();
    expect(withItem((i) => ((i.expected as Record<string, unknown>).licensee = []))).toThrow();
  });
  it('refuses a TRL outside its stated range and patent numbers with an unknown status', () => {
    expect(
      withItem((i) => ((i.expected as { stage: unknown }).stage = { trl: 8, trl_range: [3, 4], label: 'proof of concept' })),
    ).toThrow();
    expect(withItem((i) => ((i.expected as { ip: unknown }).ip = { status: 'unknown', numbers: ['US 1,234,567'], owner: null }))).toThrow();
  });
  it('refuses a duplicate id', () => {
    const copy = structuredClone(raw);
    copy.inventions.push(copy.inventions[0]!);
    const file = join(mkdtempSync(join(tmpdir(), 'corpus-')), 'corpus.json');
    writeFileSync(file, JSON.stringify(copy));
    expect(() => loadCorpus(file)).toThrow(/duplicate id/);
  });
});
