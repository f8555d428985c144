/**
 * The reviewer: checks a written section against the report's plan (built from the member's
 * confirmed record) and the evidence — never the raw idea —
 * contradictions (TRL, first-revenue year, the ROI figures), sentences that could be about any
 * idea, standards from another field, patent numbers, DOIs or amounts that are neither in the
 * evidence nor in the assumptions, a/an slips, empty slots, lower-cased product names and
 * near-empty sections — and corrects by rule what a rule can correct. Pure functions: the
 * pipeline decides whether a section is rewritten (a model) or corrected (the offline analyst).
 */
import type { SectionKey } from '@assay/shared';
import type { Block, SectionContent } from '../content/report-content.ts';
import type { EvidenceItem } from '../evidence/evidence.ts';
import type { ReportPlan } from '../plan/build-plan.ts';
import { article } from '../text/article.ts';
import { inventedSources, knownSources, type NamedSource } from './invented-sources.ts';

const SOURCE_KIND: Record<NamedSource['kind'], string> = { patent: 'a patent number', doi: 'a DOI', organisation: 'an organisation' };

export const FINDING_KINDS = ['contradiction', 'generic', 'out-of-field', 'unsupported', 'grammar', 'name', 'slot', 'near-empty'] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export interface Finding {
  section: SectionKey;
  kind: FindingKind;
  detail: string;
  /**
   * 'rule' when a rule corrects it exactly (the chart data, the TRL field, a/an, the name's case,
   * an empty slot): a model is not asked again for that. 'rewrite' when it needs judgement.
   */
  fix: 'rule' | 'rewrite';
}

/** A finding as stored with the report: what was done about it. */
export interface ReviewFinding extends Finding {
  resolution: 'rewritten' | 'fixed-by-rule' | 'open';
}

export interface ReviewContext {
  plan: ReportPlan;
  /** The evidence this section was given (the only documents it may name). */
  evidence: readonly EvidenceItem[];
}

/** Standards and regulations tied to one field: naming them elsewhere is out of field unless the idea speaks of their topic. */
const FIELD_BOUND: Array<{ re: RegExp; fields: readonly string[]; topic: RegExp; name: string }> = [
  {
    re: /\bIEC 6121[05]\b|\bIEC 61730\b/g,
    fields: ['energy_generation'],
    topic: /\bsolar|photovoltaic|\bpv\b/i,
    name: 'PV-module standards',
  },
  { re: /\bIEC 61400\b/g, fields: ['energy_generation'], topic: /\bwind\b/i, name: 'wind-turbine standards' },
  {
    re: /\bISO 22734\b/g,
    fields: ['energy_generation', 'energy_storage'],
    topic: /hydrogen|electroly/i,
    name: 'hydrogen-generator standards',
  },
  {
    re: /\bIEEE 1547\b/g,
    fields: ['energy_generation', 'energy_storage'],
    topic: /\bgrid\b|inverter/i,
    name: 'grid-interconnection rules',
  },
  { re: /\bEN 13432\b|\bASTM D6400\b/g, fields: [], topic: /packag|compost/i, name: 'compostable-packaging standards' },
  {
    re: /\bISO 527\b|\bASTM D638\b/g,
    fields: ['materials_coatings', 'manufacturing'],
    topic: /plastic|polymer|tensile/i,
    name: 'plastics tensile tests',
  },
  {
    re: /\b(?:EC\) )?1935\/2004\b|\b10\/2011\b|21 CFR 17[4-9]/g,
    fields: ['agriculture_food'],
    topic: /food|packag/i,
    name: 'food-contact rules',
  },
  {
    re: /\bISO 13485\b|\bIEC 60601\b|\bISO 10993\b|2017\/745|\b510\(k\)/g,
    fields: ['medical_devices', 'diagnostics', 'pharma_biotech'],
    topic: /medical|patient|clinic|diagnos|hospital/i,
    name: 'medical-device rules',
  },
  {
    re: /\bIVDR\b|2017\/746|\bISO 15189\b|\bCLIA\b/g,
    fields: ['diagnostics', 'medical_devices'],
    topic: /diagnos|in[- ]vitro|assay|specimen/i,
    name: 'in-vitro diagnostic rules',
  },
  {
    re: /\bICH (?:Q|E|S|M)\d|\bGMP\b|\bIND\b|\bNDA\/BLA\b/g,
    fields: ['pharma_biotech'],
    topic: /drug|therap|pharma|medicine/i,
    name: 'medicines regulation',
  },
  {
    re: /\bECSS\b|\bDO-160\b|\bAS9100\b/g,
    fields: ['space_aerospace'],
    topic: /space|satellite|aircraft|airborne|aerospace/i,
    name: 'aerospace standards',
  },
  {
    re: /\bIEC 6261[9]\b|\bIEC 62660\b|\bUL 9540A?\b|\bIEC 62133\b|\bUN 38\.3\b/g,
    fields: ['energy_storage', 'energy_generation'],
    topic: /batter|lithium|\bcells?\b/i,
    name: 'battery standards',
  },
  { re: /\bNSF\/ANSI (?:42|53|58)\b|\bIS 10500\b/g, fields: ['water'], topic: /water/i, name: 'drinking-water standards' },
];

const MARKED = /assum|to verify|illustrative|planning|placeholder|estimat|model|range|indicative|typical|quotes?\b|basis|heuristic/i;
// A section that says in a few lines what is known and what to find out is not thin; one under
// this many words has nothing to say (the analyst says less when it knows less: decision 157).
const SECTION_TEXT_MIN_WORDS = 40;

function blockTexts(b: Block): string[] {
  if (b.type === 'paragraph') return [b.text];
  if (b.type === 'table') return [...b.rows.flat(), ...(b.title ? [b.title] : [])];
  return [...b.items, ...(b.title ? [b.title] : [])];
}

export function sectionTexts(s: SectionContent): string[] {
  return [
    ...s.summary,
    ...s.blocks.flatMap(blockTexts),
    ...s.next_steps,
    ...(s.confidence ? [s.confidence.reason] : []),
    ...(s.trl ? [...s.trl.evidence, ...s.trl.to_reach_next] : []),
    ...(s.risks ?? []).flatMap((r) => [r.risk, r.mitigation]),
  ];
}

/** The texts in which an amount must be justified: tables and callouts marked as estimates or assumptions are exempt as a whole. */
function moneyUnits(section: SectionContent): string[] {
  const out = [...section.summary, ...section.next_steps];
  for (const b of section.blocks) {
    if (b.type === 'paragraph') out.push(b.text);
    else if (b.type === 'callout') {
      if (b.kind !== 'assumption' && b.kind !== 'verify' && !MARKED.test(b.title ?? '')) out.push(...b.items);
    } else if (b.type === 'bullets') {
      if (!MARKED.test(b.title ?? '')) out.push(...b.items);
    } else if (!MARKED.test(`${b.title ?? ''} ${b.columns.join(' ')}`)) out.push(...b.rows.map((r) => r.join(' — ')));
  }
  return out;
}

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z“"(])/).filter(Boolean);
}

/** a/an slips: "a energy", "an test". Sentence-initial capitals count; mid-sentence "A" (Class A) does not. */
const ARTICLE = /(^|[\s(“"])(a|an|A|An)\s+([A-Za-z][\w-]*)/g;
function articleSlips(text: string): Array<{ wrong: string; right: string }> {
  const out: Array<{ wrong: string; right: string }> = [];
  for (const m of text.matchAll(ARTICLE)) {
    const [, , art, word] = m;
    if (!art || !word) continue;
    if (art === 'A' || art === 'An') {
      // Mid-sentence capital A is a label (Class A, Plan A), not an article.
      const before = text.slice(0, m.index + (m[1]?.length ?? 0)).trimEnd();
      if (before.length > 0 && !/[.!?:]$/.test(before)) continue;
    }
    if (/^[A-Z]$/.test(word)) continue;
    const want = article(word);
    if (want !== art.toLowerCase()) {
      const right = art[0] === 'A' ? (want === 'an' ? 'An' : 'A') : want;
      out.push({ wrong: `${art} ${word}`, right: `${right} ${word}` });
    }
  }
  return out;
}

/** Empty or broken slots: "its … resistance", "( )", ", ,", "the the", an unfilled value. A clipped quote ending in … is not one. */
const SLOT = /\bundefined\b|\bNaN\b|\s(?:…|\.\.\.)\s+[a-z]|\(\s*\)|\s,|,\s*,|\b(its|the|a|an|of|for|at)\s+\1\b/;

function moneyToKusd(amount: string, unit: string | undefined): number {
  const n = Number(amount.replace(/,/g, ''));
  const u = (unit ?? '').toLowerCase();
  if (u.startsWith('m')) return n * 1000;
  if (u.startsWith('b')) return n * 1_000_000;
  if (u.startsWith('k') || u.startsWith('thousand')) return n;
  return n / 1000;
}

const MONEY = /(?:USD|US\$|\$|EUR|€)\s?(\d[\d,]*(?:\.\d+)?)\s?(k|K|M|m|bn|B|million|billion|thousand)?\b/g;

/** The ROI chart data every writer must use: the base scenario of the one money model. */
export function planRoi(plan: ReportPlan) {
  return {
    currency: 'USD',
    unit: 'thousands' as const,
    scenario: "Base scenario of the report's one money model (assumptions beside it)",
    years: plan.money.years.map((y) => ({ year: y.year, investment: Math.max(0, y.investment), revenue: Math.max(0, y.revenue) })),
  };
}

/** Every amount the plan can justify, in USD thousand: the money model's and the inventor's own. */
function planAmounts(plan: ReportPlan): number[] {
  const m = plan.money;
  const dev = m.devCostKusd ?? [0, 0];
  const out = [
    ...dev,
    (dev[0] + dev[1]) / 2,
    m.fixedOpexKusd,
    m.scaleUpKusdPerYear,
    m.revenuePerAccountKusd,
    ...(plan.market.annualValueKusd !== null ? [plan.market.annualValueKusd] : []),
    ...[plan.market.price, plan.market.todaysCost, ...plan.market.otherAmounts, ...plan.market.funding].flatMap((a) =>
      a ? [a.usd / 1000] : [],
    ),
    ...m.years.flatMap((y) => [y.investment, y.revenue, y.net, y.cumulative]),
    ...m.scenarios.flatMap((s) => [
      s.cumulative5,
      s.years.reduce((a, y) => a + y.revenue, 0),
      ...s.years.flatMap((y) => [y.investment, y.revenue, y.cumulative]),
    ]),
  ];
  for (const f of [0.2, 0.35, 0.45]) out.push(dev[0] * f, dev[1] * f, dev[0] * f + m.fixedOpexKusd, dev[1] * f + m.fixedOpexKusd);
  return out.map(Math.abs);
}

function justified(kusdValue: number, amounts: readonly number[]): boolean {
  return amounts.some((x) => Math.abs(x - kusdValue) <= Math.max(1, x * 0.12));
}

/** A product name the member stated: its spelling is checked wherever it appears. */
const statedName = (plan: ReportPlan) => (plan.record.name_stated ? plan.name : null);

/** Words of the record that make a sentence about THIS invention. */
function ideaWords(ctx: ReviewContext): Set<string> {
  const words = `${ctx.plan.name} ${ctx.plan.recordText}`
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter((w) => w.length >= 5);
  return new Set(words);
}

const CURRENT_TRL =
  /\b(?:currently|presently|now|is|sits|stands|estimated|assessed|judged)\s+(?:at\s+|as\s+)?(?:about\s+|around\s+)?TRL\s?([1-9])\b/gi;
const FIRST_REVENUE_YEAR =
  /\bfirst (?:revenue|sales|paid orders)\s+(?:is expected\s+|are expected\s+)?(?:in|around|from|by)\s+(?:year\s+)?(\d{1,4})\b/gi;
const FIRST_REVENUE_QUARTER =
  /\bfirst (?:revenue|sales|paid orders)\s+(?:is expected\s+|are expected\s+)?(?:in|around|from|by)\s+(?:quarter\s+|Q)(\d{1,2})\b/gi;

export function checkSection(section: SectionContent, ctx: ReviewContext): Finding[] {
  const { plan } = ctx;
  const key = section.key as SectionKey;
  const out: Finding[] = [];
  const add = (kind: FindingKind, detail: string, fix: 'rule' | 'rewrite' = 'rewrite') => {
    if (!out.some((f) => f.kind === kind && f.detail === detail)) out.push({ section: key, kind, detail, fix });
  };
  const texts = sectionTexts(section);
  const all = texts.join('\n');

  // Contradictions with the plan.
  if (section.trl && section.trl.level !== plan.trl.level) {
    add(
      'contradiction',
      `The section gives TRL ${section.trl.level}; the report's TRL is ${plan.trl.level}${plan.trl.source === 'stated' ? ' as stated by the inventor' : ''}.`,
      'rule',
    );
  }
  if (section.trl && plan.trl.source === 'stated' && !section.trl.evidence.some((e) => e.includes(plan.trl.quote.slice(0, 40)))) {
    add('contradiction', `The inventor's TRL statement is not quoted: “${plan.trl.quote}”.`, 'rule');
  }
  for (const t of texts) {
    for (const m of t.matchAll(CURRENT_TRL)) {
      if (Number(m[1]) !== plan.trl.level) add('contradiction', `“${m[0]}” contradicts the report's TRL ${plan.trl.level}.`);
    }
    for (const m of t.matchAll(FIRST_REVENUE_YEAR)) {
      const n = Number(m[1]);
      const ok = n > 1000 ? n === plan.launchCalendarYear : n === plan.money.launchYear;
      if (!ok)
        add(
          'contradiction',
          `“${m[0]}” contradicts the plan's first revenue in year ${plan.money.launchYear} (${plan.launchCalendarYear}).`,
        );
    }
    for (const m of t.matchAll(FIRST_REVENUE_QUARTER)) {
      if (Number(m[1]) !== plan.money.firstRevenueQuarter)
        add('contradiction', `“${m[0]}” contradicts the plan's first revenue in quarter ${plan.money.firstRevenueQuarter}.`);
    }
  }
  if (section.roi) {
    const want = planRoi(plan).years;
    const differs =
      section.roi.unit !== 'thousands' ||
      section.roi.years.some((y, i) => y.investment !== want[i]!.investment || y.revenue !== want[i]!.revenue);
    if (differs)
      add(
        'contradiction',
        "The ROI figures differ from the report's assumptions (they must be the base scenario computed from them).",
        'rule',
      );
  }

  // Standards or regulations of another field.
  for (const bound of FIELD_BOUND) {
    bound.re.lastIndex = 0;
    const hit = bound.re.exec(all);
    if (!hit) continue;
    const inField = !plan.field.neutral && bound.fields.includes(plan.field.id);
    if (!inField && !bound.topic.test(plan.recordText))
      add('out-of-field', `${hit[0]} (${bound.name}) belongs to another field than this idea (${plan.field.label}).`);
  }

  // Sources and amounts that are neither in the evidence nor in the assumptions: the evidence's
  // documents and what the member stated in the record are the only sources a report may name.
  const known = knownSources(ctx.evidence, { text: `${plan.name}\n${plan.recordText}`, numbers: plan.record.ip.numbers });
  const amounts = planAmounts(plan);
  for (const t of texts) {
    for (const named of inventedSources(t, known))
      add(
        'unsupported',
        `“${named.text}” (${SOURCE_KIND[named.kind]}) is neither in the evidence found for this report nor in the invention record.`,
      );
  }
  for (const unit of moneyUnits(section)) {
    for (const s of sentences(unit)) {
      if (MARKED.test(s)) continue;
      for (const m of s.matchAll(MONEY)) {
        if (!justified(moneyToKusd(m[1]!, m[2]), amounts))
          add('unsupported', `The amount “${m[0].trim()}” is neither in the assumptions nor marked as an estimate to verify.`);
      }
    }
  }

  // Grammar, slots and names.
  for (const t of texts) {
    for (const slip of articleSlips(t)) add('grammar', `“${slip.wrong}” should read “${slip.right}”.`, 'rule');
    const slot = SLOT.exec(t);
    if (slot)
      add('slot', `An empty or broken slot (“${slot[0]}”) in: “${t.slice(0, 120)}”.`, /undefined|NaN/.test(slot[0]) ? 'rewrite' : 'rule');
  }
  const name = statedName(plan);
  if (name) {
    const re = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'gi');
    for (const t of texts) {
      for (const m of t.matchAll(re))
        if (m[0] !== name) add('name', `The product name is written “${m[0]}”; the inventor writes “${name}”.`, 'rule');
    }
  }

  // What the inventor named must appear where it belongs.
  if (key === 'applications' || key === 'fit') {
    const lower = all.toLowerCase();
    const r = plan.record;
    const named =
      key === 'applications'
        ? [...r.applications.map((n) => ['application', n]), ...r.customers.map((n) => ['customer', n])]
        : [...r.licensees.map((n) => ['licensee', n]), ...r.customers.map((n) => ['customer', n])];
    for (const [kind, n] of named) {
      if (!lower.includes(n!.toLowerCase())) add('name', `The ${kind} the inventor names, “${n}”, does not appear.`);
    }
  }

  // Could this section be about any invention? (A finding for a model to rewrite; no rule can add substance.)
  const words = ideaWords(ctx);
  const specific = (s: string) =>
    s
      .toLowerCase()
      .split(/[^a-z0-9-]+/)
      .some((w) => words.has(w));
  if (!section.summary.some(specific))
    add('generic', 'No sentence of the summary names anything from this idea; it would read the same for any invention.');

  const wordCount = all.split(/\s+/).filter(Boolean).length;
  if (wordCount < SECTION_TEXT_MIN_WORDS) add('near-empty', `The section has ${wordCount} words; a page needs substance.`);
  return out;
}

/** Drops the sentences, list items and table rows that carry a pattern; keeps at least one summary line. */
function dropMatching(section: SectionContent, re: RegExp): SectionContent {
  const test = (s: string) => {
    re.lastIndex = 0;
    return re.test(s);
  };
  // Matched on the whole text, then every sentence the match touches goes: a pattern may span a
  // sentence split ("U.S. Pat. No. 9,123,456").
  const prune = (text: string) => {
    const hits = [...text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))].map(
      (m) => [m.index, m.index + m[0].length] as const,
    );
    if (hits.length === 0) return text;
    let at = 0;
    return sentences(text)
      .filter((s) => {
        const start = text.indexOf(s, at);
        at = start + s.length;
        return !hits.some(([a, b]) => a < at && b > start);
      })
      .join(' ');
  };
  const summary = section.summary.map(prune).filter(Boolean);
  const blocks = section.blocks
    .map((b): Block | null => {
      if (b.type === 'paragraph') {
        const text = prune(b.text);
        return text ? { ...b, text } : null;
      }
      if (b.type === 'table') {
        const rows = b.rows.filter((r) => !r.some(test));
        return rows.length ? { ...b, rows } : null;
      }
      const items = b.items.filter((i) => !test(i));
      return items.length ? { ...b, items } : null;
    })
    .filter((b): b is Block => b !== null);
  return {
    ...section,
    summary: summary.length
      ? summary
      : section.summary
          .slice(0, 1)
          .map(prune)
          .map((s) => s || 'See the tables below.'),
    blocks: blocks.length ? blocks : section.blocks.slice(0, 1),
    next_steps: section.next_steps.filter((s) => !test(s)).length ? section.next_steps.filter((s) => !test(s)) : section.next_steps,
  };
}

function mapTexts(section: SectionContent, f: (s: string) => string): SectionContent {
  return {
    ...section,
    summary: section.summary.map(f),
    blocks: section.blocks.map((b): Block => {
      if (b.type === 'paragraph') return { ...b, text: f(b.text) };
      if (b.type === 'table') return { ...b, title: b.title && f(b.title), rows: b.rows.map((r) => r.map(f)) };
      return { ...b, title: b.title && f(b.title), items: b.items.map(f) };
    }),
    next_steps: section.next_steps.map(f),
    confidence: section.confidence && { ...section.confidence, reason: f(section.confidence.reason) },
    trl: section.trl && { ...section.trl, evidence: section.trl.evidence.map(f), to_reach_next: section.trl.to_reach_next.map(f) },
    risks: section.risks && section.risks.map((r) => ({ ...r, risk: f(r.risk), mitigation: f(r.mitigation) })),
  };
}

/** Corrects by rule what a rule can correct; returns the corrected section. */
export function fixByRule(section: SectionContent, findings: readonly Finding[], ctx: ReviewContext): SectionContent {
  const { plan } = ctx;
  let s = section;
  const kinds = new Set(findings.map((f) => f.kind));
  if (kinds.has('contradiction')) {
    if (s.trl) {
      const quote = plan.trl.source === 'stated' ? `Stated by the inventor: “${plan.trl.quote}”` : null;
      const evidence =
        quote && !s.trl.evidence.some((e) => e.includes(plan.trl.quote.slice(0, 40)))
          ? [quote, ...s.trl.evidence].slice(0, 6)
          : s.trl.evidence;
      s = { ...s, trl: { ...s.trl, level: plan.trl.level, evidence } };
    }
    if (s.roi) s = { ...s, roi: planRoi(plan) };
    s = mapTexts(s, (t) =>
      t
        .replace(CURRENT_TRL, (m, n: string) => m.replace(`TRL ${n}`, `TRL ${plan.trl.level}`).replace(`TRL${n}`, `TRL ${plan.trl.level}`))
        .replace(FIRST_REVENUE_QUARTER, (m, n: string) => m.replace(new RegExp(`${n}\\b`), String(plan.money.firstRevenueQuarter)))
        .replace(FIRST_REVENUE_YEAR, (m, n: string) =>
          m.replace(new RegExp(`${n}\\b`), Number(n) > 1000 ? String(plan.launchCalendarYear) : String(plan.money.launchYear)),
        ),
    );
  }
  for (const bound of FIELD_BOUND) {
    if (findings.some((f) => f.kind === 'out-of-field' && f.detail.includes(bound.name))) s = dropMatching(s, bound.re);
  }
  if (kinds.has('unsupported')) {
    for (const f of findings.filter((x) => x.kind === 'unsupported')) {
      const token = /“([^”]+)”/.exec(f.detail)![1]!;
      s = dropMatching(s, new RegExp(token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'));
    }
  }
  if (kinds.has('grammar')) {
    s = mapTexts(s, (t) => {
      let out = t;
      for (const slip of articleSlips(t)) out = out.replace(slip.wrong, slip.right);
      return out;
    });
  }
  if (kinds.has('slot')) {
    s = mapTexts(s, (t) =>
      t
        .replace(/\s+,/g, ',')
        .replace(/,\s*,/g, ',')
        .replace(/\(\s*\)/g, '')
        .replace(/\s(?:…|\.\.\.)\s+(?=[a-z])/g, ' ')
        .replace(/\b(its|the|a|an|of|for|at)\s+\1\b/g, '$1')
        .replace(/\s{2,}/g, ' ')
        .trim(),
    );
  }
  const name = statedName(plan);
  if (kinds.has('name') && name) {
    const re = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'gi');
    s = mapTexts(s, (t) => t.replace(re, name));
  }
  const missing = findings
    .filter((f) => f.kind === 'name' && f.detail.includes('does not appear'))
    .map((f) => /“([^”]+)”/.exec(f.detail)?.[1])
    .filter((x): x is string => !!x);
  if (missing.length > 0) {
    const block: Block = { type: 'bullets', title: 'Named by the inventor (to assess with them)', items: missing };
    s = { ...s, blocks: [block, ...s.blocks].slice(0, 16) };
  }
  return s;
}
