import { describe, expect, it } from 'vitest';
import { sectionsFor, type ReportSectionDef } from '@assay/shared';
import type { SectionContent } from '../content/report-content.ts';
import { runSections } from './run-sections.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function fakeContent(section: ReportSectionDef, note = ''): SectionContent {
  return {
    key: section.key,
    title: section.title,
    summary: [`Summary of ${section.title}${note}`],
    blocks: [{ type: 'paragraph', text: 'Body.' }],
    confidence: null,
    next_steps: ['Do the next thing.'],
    trl: null,
    risks: null,
    roi: null,
  };
}

/** A generator that records concurrency and order, with varied delays. */
function instrumented(delay = (i: number) => 2 + ((i * 7) % 5)) {
  let inFlight = 0;
  let maxInFlight = 0;
  let calls = 0;
  const order: string[] = [];
  const seen: Array<{ key: string; completed: string[] }> = [];
  const generate = async (section: ReportSectionDef, completed: readonly SectionContent[]) => {
    const i = calls++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    seen.push({ key: section.key, completed: completed.map((c) => c.key) });
    await sleep(delay(i));
    inFlight--;
    order.push(section.key);
    return fakeContent(section);
  };
  return { generate, order, seen, stats: () => ({ maxInFlight, calls }) };
}

describe('runSections', () => {
  it('never has more than `concurrency` sections in flight, and uses the limit', async () => {
    const g = instrumented();
    const out = await runSections({ sections: sectionsFor('comprehensive'), concurrency: 3, generate: g.generate });
    expect(out).toHaveLength(34);
    expect(g.stats().maxInFlight).toBe(3);
    expect(g.stats().calls).toBe(34);
  });

  it('returns the sections in catalogue order whatever order they finish in', async () => {
    const g = instrumented((i) => 20 - (i % 10) * 2);
    const out = await runSections({ sections: sectionsFor('advanced'), concurrency: 5, generate: g.generate });
    expect(out.map((s) => s.key)).toEqual(sectionsFor('advanced').map((s) => s.key));
    expect(g.order).not.toEqual(sectionsFor('advanced').map((s) => s.key));
  });

  it('writes the executive summary last, given all the other sections', async () => {
    const g = instrumented();
    await runSections({ sections: sectionsFor('basic'), concurrency: 4, generate: g.generate });
    expect(g.order.at(-1)).toBe('executive_summary');
    const last = g.seen.find((s) => s.key === 'executive_summary')!;
    expect(last.completed).toEqual(
      sectionsFor('basic')
        .slice(1)
        .map((s) => s.key),
    );
  });

  it('skips sections already done (resume) and calls onSectionDone once per generated section', async () => {
    const sections = sectionsFor('basic');
    const alreadyDone = new Map(sections.slice(3, 9).map((s) => [s.key as string, fakeContent(s, ' (stored)')]));
    const g = instrumented();
    const done: string[] = [];
    const out = await runSections({
      sections,
      concurrency: 2,
      alreadyDone,
      generate: g.generate,
      onSectionDone: async (key) => {
        await sleep(1);
        done.push(key);
      },
    });
    const expectedGenerated = sections.filter((s) => !alreadyDone.has(s.key)).map((s) => s.key);
    expect(g.stats().calls).toBe(expectedGenerated.length);
    expect([...done].sort()).toEqual([...expectedGenerated].sort());
    expect(new Set(done).size).toBe(done.length);
    expect(out[3]!.summary[0]).toContain('(stored)');
    expect(out.map((s) => s.key)).toEqual(sections.map((s) => s.key));
  });

  it('does nothing but return stored content when everything is done', async () => {
    const sections = sectionsFor('basic');
    const alreadyDone = new Map(sections.map((s) => [s.key as string, fakeContent(s)]));
    const g = instrumented();
    const out = await runSections({ sections, concurrency: 4, alreadyDone, generate: g.generate });
    expect(g.stats().calls).toBe(0);
    expect(out).toHaveLength(15);
  });

  it('stops starting sections after a failure, lets those in flight finish and persist, then throws', async () => {
    const sections = sectionsFor('advanced');
    const done: string[] = [];
    let calls = 0;
    await expect(
      runSections({
        sections,
        concurrency: 3,
        generate: async (s) => {
          calls++;
          if (s.key === 'technology') {
            await sleep(2);
            throw new Error('provider down');
          }
          await sleep(10);
          return fakeContent(s);
        },
        onSectionDone: (key) => void done.push(key),
      }),
    ).rejects.toThrow('provider down');
    // The two sections in flight with the failing one still finished and were persisted.
    expect(done).toEqual(expect.arrayContaining(['problem', 'benefits']));
    expect(calls).toBeLessThan(sections.length);
    expect(done).not.toContain('executive_summary');
  });

  it('does not count a section as done when persisting it fails', async () => {
    const sections = sectionsFor('basic');
    await expect(
      runSections({
        sections,
        concurrency: 1,
        generate: async (s) => fakeContent(s),
        onSectionDone: (key) => {
          if (key === 'benefits') throw new Error('database unavailable');
        },
      }),
    ).rejects.toThrow('database unavailable');
  });

  it('rejects content returned for the wrong section', async () => {
    const sections = sectionsFor('basic');
    await expect(runSections({ sections, concurrency: 2, generate: async () => fakeContent(sections[2]!) })).rejects.toThrow(
      /returned section/,
    );
  });

  it('stops when the signal aborts', async () => {
    const ctl = new AbortController();
    let calls = 0;
    const p = runSections({
      sections: sectionsFor('comprehensive'),
      concurrency: 2,
      signal: ctl.signal,
      generate: async (s) => {
        calls++;
        if (calls === 3) ctl.abort(new Error('cancelled'));
        await sleep(2);
        return fakeContent(s);
      },
    });
    await expect(p).rejects.toThrow('cancelled');
    expect(calls).toBeLessThan(10);
  });
});
