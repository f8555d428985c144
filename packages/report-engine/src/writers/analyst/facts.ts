/**
 * What every section of an offline report agrees on, derived once from the plan: the stage and
 * its basis, the IP as stated, the market as sized, the regimes and standards that apply to THIS
 * record, the risk register, the tests the next stage needs, the 90-day plan and the
 * recommendation. Sections pick from here; none derives a fact of its own.
 */
import { fieldLabel, formatCount, IP_STATUS_LABELS } from '@assay/shared';
import type { ConfidenceLevel, Risk } from '../../content/report-content.ts';
import { alternativesFor, type AlternativeApproach } from '../../knowledge/alternatives.ts';
import { TRL_SCALE } from '../../knowledge/trl-scale.ts';
import type { ReportPlan } from '../../plan/build-plan.ts';
import { kusd, kusdRange, months, q } from './parts.ts';

export interface Regime {
  name: string;
  /** The regime's short name for mentions outside the regulatory sections ("Chemical registration"). */
  short: string;
  why: string;
  implication: string;
  /** The record's words that brought it in, when a consideration did. */
  trigger: string | null;
}

export interface Action {
  action: string;
  why: string;
  /** Days from now, e.g. "1–30". */
  window: string;
}

export interface Facts {
  plan: ReportPlan;
  /** The confirmed name, quoted: how a sentence of ours refers to the invention. */
  named: string;
  /** "TRL 3 (Experimental proof of concept)". */
  trlLabel: string;
  /** "Stated: “Stage of Development: Proof of concept”" or "Estimated: no stage is stated". */
  trlBasis: string;
  ipLabel: string;
  /** "U.S. Pat. No. 11,234,567; patent pending in Europe" — numbers and owner as stated. */
  ipDetail: string;
  fieldName: string;
  /** One line on the market, from the inventor's figures or saying which are missing. */
  marketLine: string;
  regimes: Regime[];
  standards: string[];
  tests: string[];
  risks: Risk[];
  alternatives: AlternativeApproach[];
  licenseeTypes: Array<{ name: string; stated: boolean }>;
  actions: Action[];
  recommendation: { verdict: string; reasons: string[]; confidence: ConfidenceLevel };
  /** The development budget line ("USD 500k–1.8M over 12–24 months to TRL 7"), or the scale-up line at TRL 8–9. */
  fundingLine: string;
  /** Unknowns of the record, as "to find out" lines. */
  unknowns: string[];
}

export const trlName = (level: number) => `TRL ${level} (${TRL_SCALE[level] ?? ''})`;

/** What it takes to go from one level to the next: the Horizon scale's own steps. */
export const NEXT_LEVEL: Readonly<Record<number, string>> = {
  1: 'concept and application formulated',
  2: 'experimental proof of the principle',
  3: 'components validated together in the lab',
  4: 'validation in a relevant environment',
  5: 'prototype shown in a relevant environment',
  6: 'system prototype in operation',
  7: 'system qualified and certified',
  8: 'proven with first customers',
  9: 'quality and cost held at volume',
};

const shortName = (name: string) => name.split(/[:(—]/)[0]!.trim();

/** The acts a regime's name cites by number ("2019/1009", "2017/745"). */
const acts = (name: string) => new Set(name.match(/\b(?:19|20)\d\d\/\d{2,4}\b/g) ?? []);
const sharesAct = (a: string, b: string) => [...acts(a)].some((x) => acts(b).has(x));
/** "Space activity licensing and …" twice, from a consideration and from the field, is one regime. */
const sameHead = (a: string, b: string) =>
  a.split(/\s+/).slice(0, 3).join(' ').toLowerCase() === b.split(/\s+/).slice(0, 3).join(' ').toLowerCase();

function regimesOf(plan: ReportPlan): Regime[] {
  const out: Regime[] = [];
  for (const c of plan.considerations) {
    if (c.regime)
      out.push({
        name: c.regime.name,
        short: shortName(c.regime.name),
        why: c.regime.scope,
        implication: c.regime.implication,
        trigger: c.topic,
      });
  }
  // The field's own regimes follow those the record triggered; an uncertain field has none of its own.
  if (!plan.field.neutral) {
    for (const r of plan.field.profile.regimes) {
      if (out.length >= 6) break;
      // A field regime that cites the same act as one the record already brought in (e.g. (EU) 2019/1009) is that regime again.
      if (!out.some((o) => o.short === shortName(r.name) || sharesAct(o.name, r.name) || sameHead(o.short, shortName(r.name))))
        out.push({ name: r.name, short: shortName(r.name), why: r.scope, implication: r.implication, trigger: null });
    }
  }
  return out.slice(0, 6);
}

/**
 * The standards a line cites, by base number: "IEC 61215 / IEC 61730 (PV modules)" → IEC 61215, IEC 61730;
 * "ISO 13849-1 (…)" → ISO 13849. Two lines citing one of the same standards are one entry.
 */
const codes = (s: string) =>
  new Set(
    (s.split(' (')[0]!.match(/\b(?:ISO\/IEC|ISO\/ASTM|ISO\/TS|IEC|ISO|EN|ASTM|UL|IEEE|JCGM|UN)\s?[A-Z]?\d+(?:\.\d+)?/g) ?? [s]).map((c) =>
      c.replace(/\s+/g, ' '),
    ),
  );
const overlaps = (a: string, b: string) => [...codes(a)].some((c) => codes(b).has(c));

function standardsOf(plan: ReportPlan): string[] {
  // A consideration and the field may name the same standard with different glosses; it is listed once, the
  // consideration's (the record-specific) wording first.
  const out: string[] = [];
  const add = (s: string) => {
    if (out.length < 8 && !out.some((o) => overlaps(o, s))) out.push(s);
  };
  for (const s of plan.considerations.flatMap((c) => c.standards ?? [])) add(s);
  if (!plan.field.neutral) for (const s of plan.field.profile.standards) add(s);
  return out;
}

function risksOf(plan: ReportPlan): Risk[] {
  const { money } = plan;
  const out: Risk[] = [];
  for (const c of plan.considerations) if (c.risk) out.push(c.risk);
  // What the record leaves open (stage, filing, buyer) is said once, under "To find out": a register row per gap read the same in every report.
  if (money.devCostKusd) {
    out.push({
      risk: `${kusdRange(money.devCostKusd)} not secured`,
      category: 'funding',
      likelihood: 3,
      impact: 4,
      mitigation: plan.field.neutral
        ? 'Tranches, each matched to a funder.'
        : `First funder: ${plan.field.profile.funding[0]!.replace(/\s*\(.*\)\s*$/, '')}.`,
    });
  }
  for (const r of plan.field.neutral ? [] : plan.field.profile.risks) {
    if (out.length >= 8) break;
    if (!out.some((o) => o.category === r.category && o.risk.slice(0, 30) === r.risk.slice(0, 30))) out.push({ ...r });
  }
  // A register has at least three rows: adoption and scale-up are risks of every product.
  if (out.length < 3)
    out.push({ risk: 'Gain too small to switch', category: 'market', likelihood: 3, impact: 3, mitigation: 'Measure it with a buyer.' });
  if (out.length < 3)
    out.push({ risk: 'Unit cost above the price', category: 'technical', likelihood: 2, impact: 4, mitigation: 'Quote at 1,000 units.' });
  return out.slice(0, 10);
}

function testsOf(plan: ReportPlan): string[] {
  const out = plan.considerations.flatMap((c) => (c.test ? [c.test] : []));
  return [...new Set(out)].slice(0, 5);
}

function actionsOf(plan: ReportPlan, tests: readonly string[]): Action[] {
  const { record, trl } = plan;
  const p = plan.field.neutral ? null : plan.field.profile;
  const out: Action[] = [];
  const who = record.licensees[0] ?? record.customers[0] ?? null;
  if (record.ip.status === 'unknown' || record.ip.status === 'none') {
    out.push({
      action: 'File a provisional application before any disclosure',
      why: p?.ipNotes[0] ?? 'Novelty is lost at the first public disclosure.',
      window: '1–30',
    });
  } else if (record.ip.status === 'filed') {
    out.push({
      action: 'Diary the 12-month priority deadline (PCT or national filings)',
      why: q(record.ip.stated_text ?? record.ip.numbers.join('; '), 160),
      window: '1–30',
    });
  } else {
    out.push({
      action: `Freedom-to-operate search${p ? ` in ${p.cpc.slice(0, 2).join(' and ')}` : ''}`,
      why: `${IP_STATUS_LABELS[record.ip.status]}: ${record.ip.numbers.join('; ') || 'as stated'}.`,
      window: '1–45',
    });
  }
  out.push({
    action: tests[0] ? `Schedule ${tests[0]}` : `Plan the step to TRL ${Math.min(9, trl.level + 1)}`,
    why: p ? `With ${p.partners[0]}.` : 'The next value step.',
    window: '15–90',
  });
  if (who) out.push({ action: `First conversation with ${q(who, 80)}`, why: 'Named in the record.', window: '20–90' });
  else if (p) out.push({ action: `Ten interviews with ${p.buyers[0]}`, why: 'No buyer named.', window: '10–60' });
  if (plan.market.method === 'to-size')
    out.push({
      action: p ? `Count and price from ${p.marketSources[0]}` : 'Find a yearly count of buyers and a price',
      why: 'The market is not sized.',
      window: '10–45',
    });
  return out.slice(0, 5);
}

function recommendationOf(plan: ReportPlan): Facts['recommendation'] {
  const { record, trl } = plan;
  const reasons: string[] = [];
  const filed = ['filed', 'published', 'granted'].includes(record.ip.status);
  const named = record.customers.length + record.licensees.length > 0;
  reasons.push(trl.source === 'stated' ? `Stage: TRL ${trl.level}, stated.` : `Stage: TRL ${trl.level}, estimated.`);
  reasons.push(`IP: ${IP_STATUS_LABELS[record.ip.status].toLowerCase()}.`);
  reasons.push(named ? `Who pays: ${q([...record.licensees, ...record.customers][0]!, 60)}.` : 'Who pays: not named.');
  reasons.push(plan.market.method === 'bottom-up' ? 'Market: sized from stated figures.' : 'Market: not sized.');
  const score = (trl.source === 'stated' ? 1 : 0) + (filed ? 1 : 0) + (named ? 1 : 0) + (plan.market.method === 'bottom-up' ? 1 : 0);
  const verdict = score >= 3 ? 'Pursue' : score === 2 ? 'Pursue with conditions' : 'Hold for data';
  return { verdict, reasons, confidence: score >= 3 ? 'medium' : 'low' };
}

export function deriveFacts(plan: ReportPlan): Facts {
  const { record, trl, money, market } = plan;
  const tests = testsOf(plan);
  const owner = record.ip.owner ? `owner or licensor: ${record.ip.owner}` : '';
  const ipDetail =
    [record.ip.numbers.join('; '), owner].filter(Boolean).join(' — ') ||
    (record.ip.stated_text ? q(record.ip.stated_text, 200) : 'nothing stated');
  const marketLine =
    market.method === 'bottom-up' && market.count && market.price && market.annualValueKusd !== null
      ? `${formatCount(market.count.value)} × ${market.price.as_stated} ≈ ${kusd(market.annualValueKusd)} a year${market.price.converted ? ' (converted)' : ''}`
      : market.count
        ? `${formatCount(market.count.value)} ${market.count.what}; no price`
        : market.price
          ? `${market.price.as_stated}; no count`
          : 'not sized (no count, no price)';
  return {
    plan,
    named: `“${record.name}”`,
    trlLabel: trlName(trl.level),
    trlBasis: trl.source === 'stated' ? `Stated: ${q(trl.quote, 220)}` : 'Estimated',
    ipLabel: IP_STATUS_LABELS[record.ip.status],
    ipDetail,
    fieldName: record.field === 'uncertain' ? 'Field to confirm' : fieldLabel(record.field),
    marketLine,
    regimes: regimesOf(plan),
    standards: standardsOf(plan),
    tests,
    risks: risksOf(plan),
    alternatives: alternativesFor(plan.field.profile.id, plan.recordText.toLowerCase()),
    licenseeTypes: [
      ...record.licensees.map((name) => ({ name, stated: true })),
      ...(plan.field.neutral ? [] : plan.field.profile.licensees.map((name) => ({ name, stated: false }))),
    ].slice(0, 8),
    actions: actionsOf(plan, tests),
    recommendation: recommendationOf(plan),
    fundingLine:
      money.devCostKusd && money.devMonths
        ? `${kusdRange(money.devCostKusd)}, ${months(money.devMonths)}, to TRL ${money.targetTrl}`
        : `scale-up, about ${kusd(money.scaleUpKusdPerYear)} a year`,
    unknowns: record.unknowns,
  };
}

const cache = new WeakMap<ReportPlan, Facts>();
export function factsOf(plan: ReportPlan): Facts {
  let f = cache.get(plan);
  if (!f) {
    f = deriveFacts(plan);
    cache.set(plan, f);
  }
  return f;
}
