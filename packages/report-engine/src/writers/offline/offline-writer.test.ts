import { describe, expect, it } from 'vitest';
import { sectionsFor, type Complexity } from '@assay/shared';
import { addUsage, sectionBodySchemaFor, type SectionContent } from '../../content/report-content.ts';
import { analyseIdea } from './analyse-idea.ts';
import { createOfflineWriter } from './offline-writer.ts';

const IDEAS = {
  water:
    'A low-cost ceramic membrane filter coated with iron-oxide nanoparticles that removes arsenic and fluoride from groundwater for rural households. ' +
    'Existing reverse-osmosis units are expensive and waste water. Our filter works by gravity through a clay-based ceramic candle lined with a nanostructured iron-oxide coating. ' +
    'We built a lab prototype and tested it with spiked water samples. A provisional patent application has been filed.',
  medtech:
    'A wearable ECG patch for patients after cardiac surgery that uses a machine learning algorithm to detect atrial fibrillation at home and alert the hospital. ' +
    'It is only a concept for now; we have not yet built a prototype.',
  agri:
    'A mobile app for smallholder farmers that uses smartphone photos and a deep learning model to diagnose crop diseases in tomato and chilli, with advice in local languages. ' +
    'Our MVP has 300 active users in a pilot with two farmer producer organisations.',
};

/** Every string a section carries, joined, for searching. */
function allText(s: SectionContent): string {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(s);
  return out.join('\n').toLowerCase();
}

/** Outline, every section, then the executive summary from the others (as the engine does). */
async function writeAll(idea: string, complexity: Complexity) {
  const writer = createOfflineWriter();
  const o = await writer.generateOutline({ idea, complexity });
  const { title, outline } = o;
  let usage = o.usage;
  const [summaryDef, ...rest] = sectionsFor(complexity);
  const others: SectionContent[] = [];
  for (const section of rest) {
    const r = await writer.generateSection({ idea, title, complexity, section, outline });
    usage = addUsage(usage, r.usage);
    others.push(r.content);
  }
  const summary = await writer.generateSection({ idea, title, complexity, section: summaryDef!, outline, priorSections: others });
  usage = addUsage(usage, summary.usage);
  return { title, usage, sections: [summary.content, ...others], summary: summary.content };
}

describe('offline analyst writer', () => {
  it('reports itself as offline, with zero token usage', async () => {
    const w = createOfflineWriter();
    expect(w.offline).toBe(true);
    expect(w.provider).toBe('offline');
    const r = await writeAll(IDEAS.water, 'basic');
    expect(r.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
  });

  for (const [name, idea] of Object.entries(IDEAS)) {
    it(`writes every comprehensive section for the ${name} idea: valid, non-empty, about this idea, with next steps`, async () => {
      const r = await writeAll(idea, 'comprehensive');
      const terms = analyseIdea(idea).keyTerms.map((t) => t.toLowerCase());
      expect(r.sections.map((s) => s.key)).toEqual(sectionsFor('comprehensive').map((s) => s.key));
      for (const s of r.sections) {
        expect(() => sectionBodySchemaFor(s.key).parse(s), s.key).not.toThrow();
        expect(s.summary.join(' ').length, s.key).toBeGreaterThan(80);
        expect(s.blocks.length, s.key).toBeGreaterThan(0);
        expect(s.next_steps.length, s.key).toBeGreaterThan(0);
        const text = allText(s);
        expect(text.includes(terms[0]!), `${s.key} names the technology`).toBe(true);
        expect(terms.slice(1).some((t) => text.includes(t)), `${s.key} uses another key term`).toBe(true);
        expect(text).not.toMatch(/lorem|ipsum|\[insert|\btodo\b|\bundefined\b|\bnan\b|\[object object\]/);
      }
    });
  }

  it('fills the chart data where the PDF draws a chart', async () => {
    const r = await writeAll(IDEAS.water, 'comprehensive');
    const byKey = new Map(r.sections.map((s) => [s.key, s]));
    expect(byKey.get('feasibility')?.trl?.level).toBe(4);
    expect(byKey.get('trl_challenges')?.trl?.level).toBe(4);
    const risks = byKey.get('risks')?.risks ?? [];
    expect(new Set(risks.map((x) => x.category))).toEqual(new Set(['technical', 'market', 'ip', 'regulatory', 'team', 'funding']));
    expect(byKey.get('roi_5_year')?.roi?.years.map((y) => y.year)).toEqual([1, 2, 3, 4, 5]);
  });

  it('states assumptions beside numbers and marks facts to verify', async () => {
    const r = await writeAll(IDEAS.water, 'comprehensive');
    for (const key of ['financial_estimates', 'roi_5_year', 'market_analysis', 'business_case']) {
      const s = r.sections.find((x) => x.key === key)!;
      expect(s.blocks.some((b) => b.type === 'callout' && b.kind === 'assumption'), key).toBe(true);
    }
    const verifyCount = r.sections.filter((s) => s.blocks.some((b) => b.type === 'callout' && b.kind === 'verify')).length;
    expect(verifyCount).toBeGreaterThan(20);
  });

  it('carries the maturity evidence through: a concept scores lower than a piloted MVP', async () => {
    const concept = await writeAll(IDEAS.medtech, 'basic');
    const mvp = await writeAll(IDEAS.agri, 'basic');
    const trl = (r: Awaited<ReturnType<typeof writeAll>>) => r.sections.find((s) => s.key === 'feasibility')!.trl!.level;
    expect(trl(concept)).toBeLessThan(trl(mvp));
  });

  it.each([
    ['minimal', 'asdf qwer zxcv uiop hjkl vbnm tyui ghjk fghj rtyu dfgh cvbn'],
    ['shouting', 'A NEW SOLAR POWERED COLD STORAGE BOX FOR FARMERS WITH PHASE CHANGE MATERIAL THAT KEEPS VEGETABLES FRESH'],
    ['one huge run-on sentence', `${'a modular sensor network with edge computing and low power radio '.repeat(150)}`],
    ['non-English with symbols', 'Un système de filtration d\'eau à base de céramique 🌊 pour les villages — coût < 10 € par an, 99,9 % des bactéries éliminées.'],
    ['markup-like', '<script>alert(1)</script> {"idea": "a drone"} [insert] ${x} ‮reversed‬ text about a drone for crop spraying'],
  ])('writes valid sections even for an odd idea (%s)', async (_name, idea) => {
    const r = await writeAll(idea, 'comprehensive');
    expect(r.sections).toHaveLength(34);
    for (const s of r.sections) expect(() => sectionBodySchemaFor(s.key).parse(s), s.key).not.toThrow();
  });

  it('is deterministic for the same idea', async () => {
    const a = await writeAll(IDEAS.agri, 'advanced');
    const b = await writeAll(IDEAS.agri, 'advanced');
    expect(a).toEqual(b);
  });

  it('writes all 34 sections in well under a second', async () => {
    await writeAll(IDEAS.water, 'comprehensive'); // warm-up
    const t0 = performance.now();
    await writeAll(IDEAS.medtech, 'comprehensive');
    expect(performance.now() - t0).toBeLessThan(500);
  });

  it('writes the executive summary from the other sections', async () => {
    const r = await writeAll(IDEAS.water, 'basic');
    const text = r.summary.summary.join(' ');
    expect(text).toContain('TRL 4');
    // Its top risks are the risk register's highest-scoring rows.
    const register = r.sections.find((s) => s.key === 'risks')!.risks!;
    const top = [...register].sort((x, y) => y.likelihood * y.impact - x.likelihood * x.impact)[0]!;
    const findings = r.summary.blocks.find((b) => b.type === 'bullets');
    expect(JSON.stringify(findings).toLowerCase()).toContain(top.risk.slice(1, 40).toLowerCase());
  });
});
