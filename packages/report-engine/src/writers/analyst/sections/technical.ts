/** Can it be built, how mature is it, and what does the next level take. */
import type { SectionBody, Trl } from '../../../content/report-content.ts';
import { NEXT_LEVEL, type Facts } from '../facts.ts';
import { body, bullets, kusdRange, months, para, q, table, toFindOut } from '../parts.ts';
import { documentLabel, type FeatureChart } from '../../../evidence/feature-chart.ts';
import { isMoney } from '../../../plan/market.ts';
import type { SectionInput } from './section-input.ts';

/**
 * What the closest document found says about maturity: a principle already disclosed by others
 * is shown to work, but the level rests on the inventor's own results (a stated level is kept).
 */
function publishedBefore(chart: FeatureChart | null): string[] {
  const d = chart?.documents.find((x) => x.mechanism || x.yes * 2 >= chart.targets.length);
  if (!chart || !d) return [];
  return [
    `Shown before: ${documentLabel(d.item)} discloses ${d.yes} of ${chart.targets.length} features${d.mechanism ? ', the mechanism among them' : ''}; the principle is published, the level rests on the inventor's own results.`,
  ];
}

/** The TRL chart's data; `until` ends the ladder at a level (the first-sales level), three steps by default. */
function trlData(facts: Facts, chart: FeatureChart | null = null, until: number | null = null, withTests = true): Trl {
  const { trl } = facts.plan;
  const evidence =
    trl.source === 'stated'
      ? [`Stated by the inventor: ${q(trl.quote, 300)}`]
      : [trl.quote ? `From the description: ${q(trl.quote, 300)}` : 'No stage is stated; the level is an estimate.'];
  evidence.push(...publishedBefore(chart));
  if (trl.label && trl.range[0] !== trl.range[1])
    evidence.push(`"${trl.label}" = TRL ${trl.range[0]}–${trl.range[1]}; the lower level is used.`);
  const next: string[] = [];
  // The chart holds six lines: the ladder to first sales fits (TRL 1 → 7 at most), tests left out.
  const end = Math.min(9, until ?? trl.level + 3, trl.level + 6);
  for (let level = trl.level; level < end; level++) next.push(`${level} → ${level + 1}: ${NEXT_LEVEL[level]}.`);
  if (trl.level >= 9) next.push(`At 9: ${NEXT_LEVEL[9]}.`);
  if (withTests) for (const t of facts.tests.slice(0, 2)) next.push(`Test: ${t}.`);
  return { level: trl.level, evidence, to_reach_next: next.slice(0, 6) };
}

export function feasibility({ facts, chart }: SectionInput): SectionBody {
  const r = facts.plan.record;
  const p = facts.plan.field.neutral ? null : facts.plan.field.profile;
  return body({
    summary: [`${facts.named}: TRL ${facts.plan.trl.level}. ${facts.trlBasis}.`],
    blocks: [
      // The features are listed in the technology section; asking the same question after each of them said nothing new.
      ...(r.features.length ? [] : [toFindOut(['The parts that must work.'])]),
      ...(facts.tests.length ? [bullets(facts.tests, 'Tests this kind of invention needs')] : []),
      ...(p
        ? [
            para(
              `Each TRL step in ${facts.fieldName.toLowerCase()}: about ${kusdRange(p.trlStepCostKusd)} and ${months(p.trlStepMonths)} (planning range).`,
            ),
          ]
        : []),
      toFindOut(['Unit cost at volume.', 'Who could manufacture it.']),
    ],
    confidence: { level: facts.plan.trl.confidence, reason: facts.plan.trl.reason },
    next: [facts.tests[0] ? `Schedule ${facts.tests[0]}.` : `Write success criteria for TRL ${Math.min(9, facts.plan.trl.level + 1)}.`],
    trl: trlData(facts, chart),
  });
}

export function technologyDescription({ facts }: SectionInput): SectionBody {
  const r = facts.plan.record;
  const rows = r.features.map((f, i) => [String(i + 1), f]);
  // Money (a price, a cost, a prize) is the market's and the finances' figure, not a technical parameter.
  const parameters = r.figures.filter((f) => !isMoney(f));
  return body({
    summary: [`Components and mechanism of ${facts.named}, as confirmed.`],
    blocks: [
      ...(r.mechanism ? [para(q(r.mechanism, 1100))] : [toFindOut(['The mechanism.'])]),
      rows.length ? table(['#', 'Component or step'], rows, 'Components') : toFindOut(['The components.']),
      ...(parameters.length
        ? [
            bullets(
              parameters
                .slice(0, 6)
                .map((f) => `${f.value}${f.value_max !== null ? `–${f.value_max}` : ''} ${f.unit} ${f.what}`.replace(/\s+/g, ' ')),
              'Parameters stated',
            ),
          ]
        : [toFindOut(['Operating ranges of each component.'])]),
      ...(facts.standards.length ? [bullets(facts.standards.slice(0, 4), 'Standards for its parameters')] : []),
    ],
    confidence: { level: r.mechanism && r.features.length ? 'medium' : 'low', reason: 'As described; no design documents.' },
    next: [r.features[0] ? `Define the operating range of ${q(r.features[0], 80)}.` : "Define each component's operating range."],
  });
}

export function trlChallenges({ facts, chart }: SectionInput): SectionBody {
  const { money, trl } = facts.plan;
  return body({
    summary: [
      `${facts.named}: TRL ${trl.level} (${trl.source}); first sales at TRL ${money.targetTrl}.`,
      money.devCostKusd && money.devMonths ? `${kusdRange(money.devCostKusd)}, ${months(money.devMonths)}.` : 'No development step left.',
    ],
    // The path to first sales is the TRL chart's ladder (drawn from `trl`); a table of the same steps said it twice.
    blocks: [
      facts.tests.length
        ? bullets(facts.tests, 'Tests on the path')
        : toFindOut([`The result that would show TRL ${Math.min(9, trl.level + 1)}.`]),
    ],
    confidence: { level: trl.confidence, reason: trl.reason },
    next: [`Price the test plan for TRL ${Math.min(9, trl.level + 1)}.`],
    trl: trlData(facts, chart, Math.max(trl.level + 1, money.targetTrl), false),
  });
}
