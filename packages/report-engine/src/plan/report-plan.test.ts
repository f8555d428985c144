/**
 * One plan, one set of numbers: the field (right on the examples that went wrong before, neutral
 * when unsure), the product's name as written, the applications the inventor names, a stated TRL
 * kept and quoted, and the roadmap, ROI, funding and scenarios all computed from one assumptions
 * object — checked on whole offline reports.
 */
import { sectionsFor, type Complexity } from '@assay/shared';
import { describe, expect, it } from 'vitest';
import type { SectionContent } from '../content/report-content.ts';
import { generateReportContent } from '../pipeline/generate-report-content.ts';
import { sectionTexts } from '../review/review.ts';
import { createOfflineWriter } from '../writers/offline/offline-writer.ts';
import { GENERAL_DOMAIN } from '../writers/offline/domains.ts';
import { buildPlanningModel } from '../writers/offline/planning-model.ts';
import { buildReportPlan } from './report-plan.ts';

const NOW = new Date('2026-11-23T09:00:00Z');
const now = () => NOW;

const BATTERY_TESTER =
  'VoltScope is a handheld instrument that measures the internal resistance and state of health of lithium-ion battery cells in under ten seconds, using electrochemical impedance spectroscopy at five frequencies. ' +
  'We built a working prototype and validated it against a laboratory potentiostat on 200 cells; the technology is at TRL 5. ' +
  'Applications include battery manufacturing end-of-line testing, second-life battery grading and electric-vehicle service workshops.';

const OPTICAL_COATING =
  'An anti-reflective optical coating of graded nanoporous silica layers, deposited by sol-gel dip coating, that cuts the reflectance of glass lenses below 0.5 % across the visible spectrum and survives 500 abrasion cycles. ' +
  'Lab samples on BK7 glass were measured with a spectrophotometer. ' +
  'Applications include camera lenses, eyeglasses and AR headset displays.';

/** Standards that belong to other fields than test and measurement or optics. */
const OUT_OF_FIELD = /IEC 61215|IEC 61730|IEC 61400|ISO 22734|IEEE 1547|EN 13432|ASTM D6400|ISO 527|ASTM D638|1935\/2004|ISO 13485|IEC 60601|compostab|photovoltaic|wind turbine|hydrogen generator|grid or fossil|off-grid/i;

async function offlineReport(idea: string, tier: Complexity = 'basic') {
  return generateReportContent({ writer: createOfflineWriter(), idea, complexity: tier, now, concurrency: 8 });
}

const textOf = (sections: readonly SectionContent[]) => sections.flatMap(sectionTexts).join('\n');

describe('the plan: field', () => {
  it('files a battery-testing instrument under test and measurement, with no solar, wind or hydrogen standards', async () => {
    const plan = buildReportPlan(BATTERY_TESTER, NOW);
    expect(plan.field.id).toBe('test_measurement');
    expect(plan.field.neutral).toBe(false);
    const r = await offlineReport(BATTERY_TESTER, 'comprehensive');
    const text = textOf(r.sections);
    expect(text).not.toMatch(OUT_OF_FIELD);
    expect(text).toMatch(/IEC 61010-1/); // the field's own standard
    expect(r.review.filter((f) => f.kind === 'out-of-field')).toEqual([]);
  });

  it('files an optical coating under optics (or materials), never packaging', async () => {
    const plan = buildReportPlan(OPTICAL_COATING, NOW);
    expect(['optics_photonics', 'materials_coatings']).toContain(plan.field.id);
    const r = await offlineReport(OPTICAL_COATING, 'advanced');
    const text = textOf(r.sections);
    expect(text).not.toMatch(OUT_OF_FIELD);
    expect(text).not.toMatch(/packaging/i);
  });

  it('stays field-neutral when two unrelated fields are close', () => {
    const plan = buildReportPlan('A small device for farmers that also talks to hospitals about patient soil samples and crop diagnosis.', NOW);
    if (plan.field.neutral) {
      expect(plan.field.profile.id).toBe('general');
      expect(plan.field.label).toMatch(/to confirm/);
    } else {
      expect(plan.field.confidence).not.toBe('high');
    }
    const vague = buildReportPlan('A better way to organise the thing that everybody has, quickly and simply.', NOW);
    expect(vague.field.neutral).toBe(true);
  });
});

describe('the plan: what the inventor states', () => {
  it('keeps the product name exactly as written, with nothing glued on', async () => {
    const plan = buildReportPlan(BATTERY_TESTER, NOW);
    expect(plan.productName).toBe('VoltScope');
    const r = await offlineReport(BATTERY_TESTER);
    const text = textOf(r.sections);
    expect(text).toContain('VoltScope');
    expect(text).not.toMatch(/voltscope/); // never lower-cased
    expect(plan.subject).toBe('VoltScope');
    expect(text).not.toMatch(/the VoltScope is a handheld/i); // the first sentence is not glued onto the name where it is used
    expect(r.title.startsWith('VoltScope')).toBe(true);
  });

  it('puts the applications the inventor names in the report', async () => {
    const r = await offlineReport(BATTERY_TESTER);
    const apps = r.sections.find((s) => s.key === 'applications')!;
    const text = sectionTexts(apps).join('\n').toLowerCase();
    for (const named of ['battery manufacturing end-of-line testing', 'second-life battery grading', 'electric-vehicle service workshops']) {
      expect(text).toContain(named);
    }
    const optics = await offlineReport(OPTICAL_COATING);
    const opticsText = sectionTexts(optics.sections.find((s) => s.key === 'applications')!).join('\n').toLowerCase();
    for (const named of ['camera lenses', 'eyeglasses', 'ar headset displays']) expect(opticsText).toContain(named);
  });

  it('keeps a stated TRL 5 and quotes the sentence', async () => {
    const plan = buildReportPlan(BATTERY_TESTER, NOW);
    expect(plan.trl).toMatchObject({ level: 5, source: 'stated' });
    expect(plan.trl.quote).toMatch(/the technology is at TRL 5/);
    const r = await offlineReport(BATTERY_TESTER, 'advanced');
    for (const s of r.sections.filter((x) => x.trl)) {
      expect(s.trl!.level).toBe(5);
      expect(s.trl!.evidence.join(' ')).toMatch(/the technology is at TRL 5/);
    }
    expect(r.sections.find((s) => s.key === 'feasibility')!.trl!.level).toBe(5);
  });

  it('does not read a search of published patent applications as a disclosure, and keeps a stated IP status', async () => {
    const idea = `${OPTICAL_COATING} We searched published patent applications and found none with a graded nanoporous stack. The coating is patent pending.`;
    const plan = buildReportPlan(idea, NOW);
    expect(plan.statedIp).toMatchObject({ status: 'pending', quote: 'The coating is patent pending.' });
    const r = await offlineReport(idea);
    const risks = r.sections.find((s) => s.key === 'risks')!.risks!.map((x) => x.risk).join('\n');
    expect(risks).not.toMatch(/earlier public disclosure/i);
    expect(textOf(r.sections)).not.toMatch(/no patent filing is reported/);
  });

  it('reads a denied filing as no filing, and the report never claims one', async () => {
    const idea = `${OPTICAL_COATING} No patent application has been filed yet.`;
    expect(buildReportPlan(idea, NOW).statedIp).toMatchObject({ status: 'none', quote: 'No patent application has been filed yet.' });
    expect(buildReportPlan(`${OPTICAL_COATING} The patent application has not been filed.`, NOW).statedIp?.status).toBe('none');
    const text = textOf((await offlineReport(idea)).sections);
    expect(text).not.toMatch(/reported as filed|application filed/i);
  });

  it('reads no TRL where none is stated', () => {
    expect(buildReportPlan(OPTICAL_COATING, NOW).trl.source).toBe('estimated');
  });
});

describe('the plan: one set of numbers', () => {
  it('gives the roadmap the ROI model\'s first-revenue year, funding the same development range, and scenarios that differ', async () => {
    for (const idea of [BATTERY_TESTER, OPTICAL_COATING]) {
      const r = await offlineReport(idea, 'comprehensive');
      const a = r.plan.assumptions;
      const roi = r.sections.find((s) => s.key === 'roi_5_year')!;
      const firstRevenueYear = roi.roi!.years.find((y) => y.revenue > 0)?.year ?? null;
      expect(firstRevenueYear).toBe(a.launchYear <= 5 ? a.launchYear : null);
      const roadmap = sectionTexts(r.sections.find((s) => s.key === 'roadmap')!).join('\n');
      const q = /first revenue in quarter (\d+)/.exec(roadmap);
      expect(q).not.toBeNull();
      expect(Math.ceil(Number(q![1]) / 4)).toBe(a.launchYear);
      expect(Number(q![1])).toBe(a.firstRevenueQuarter);
      const financial = sectionTexts(r.sections.find((s) => s.key === 'financial_estimates')!).join('\n');
      const funding = sectionTexts(r.sections.find((s) => s.key === 'funding_strategy')!).join('\n');
      expect(financial).toContain(`First revenue in year ${a.launchYear}`);
      expect(funding).toContain(`first revenue in year ${a.launchYear}`);
      const scenarios = a.model.scenarios;
      expect(new Set(scenarios.map((s) => s.cumulative5)).size).toBe(3);
      expect(new Set(scenarios.map((s) => `${s.launchYear}/${s.growth}/${s.revenueFactor}/${s.spendFactor}`)).size).toBe(3);
      expect(scenarios[0]!.cumulative5).toBeLessThan(scenarios[1]!.cumulative5);
      expect(scenarios[1]!.cumulative5).toBeLessThan(scenarios[2]!.cumulative5);
    }
  });

  it('states no break-even when the margin left per account is thin', () => {
    const m = buildPlanningModel(4, { ...GENERAL_DOMAIN, grossMarginPct: [8, 12] });
    expect(m.grossMarginPct - m.commercialSpendPct).toBeLessThan(10);
    expect(m.breakEvenAccounts).toBeNull();
    expect(m.breakEvenNote).toMatch(/too thin/);
  });

  it('keeps the tier section counts', async () => {
    for (const [tier, n] of [['basic', 15], ['advanced', 24], ['comprehensive', 34]] as const) {
      const r = await offlineReport(OPTICAL_COATING, tier);
      expect(r.sections).toHaveLength(n);
      expect(r.sections.map((s) => s.key)).toEqual(sectionsFor(tier).map((s) => s.key));
    }
  });

  it('keeps an application\'s own abbreviation whole ("reverse osmosis (RO)")', () => {
    const plan = buildReportPlan('A nanoporous membrane film. The membrane can be used in a device for molecular distillation (MD), reverse osmosis (RO), or forward osmosis (FO).', new Date('2026-01-01'));
    expect(plan.named.map((n) => n.name)).toEqual(['device for molecular distillation (MD)', 'reverse osmosis (RO)', 'forward osmosis (FO)']);
  });
});
