/** How to take it forward: the route, the people, the quarters, and the reference pages. */
import type { SectionBody } from '../../../content/report-content.ts';
import { TRL_SCALE } from '../../../knowledge/trl-scale.ts';
import { assumptions, body, bullets, kusdRange, table } from '../parts.ts';
import { moneyAssumptions } from './finance.ts';
import type { SectionInput } from './section-input.ts';

export function commercialisationOptions({ facts }: SectionInput): SectionBody {
  const { trl, money } = facts.plan;
  const p = facts.plan.field.neutral ? null : facts.plan.field.profile;
  const rows: string[][] = [
    ['Licence', p ? (p.licensees[0] ?? '—') : '—', trl.level <= 5 ? 'strong now' : 'possible'],
    [
      'Spin-out',
      money.devCostKusd ? `${kusdRange(money.devCostKusd)} before revenue` : 'scale-up capital',
      p?.capitalIntensity === 'high' ? 'hard: capital-heavy' : 'possible',
    ],
    ['Partnership', p ? (p.partners[0] ?? '—') : '—', facts.plan.record.licensees.length ? 'named licensees first' : 'possible'],
  ];
  // Selling IP that nobody has filed is not an option; the row appears once there is a filing.
  if (!['none', 'unknown'].includes(facts.plan.record.ip.status))
    rows.push(['Sale of the IP', facts.ipLabel, facts.plan.record.ip.status === 'granted' ? 'possible' : 'weak before grant']);
  return body({
    summary: [`${facts.named} at TRL ${facts.plan.trl.level}, IP ${facts.ipLabel.toLowerCase()}.`],
    blocks: [table(['Option', 'Counterparty or need', 'Fit'], rows)],
    confidence: { level: 'low', reason: "The team's ambition is not stated." },
    next: ['Decide the preferred option before approaching partners.'],
  });
}

export function teamPartners({ facts }: SectionInput): SectionBody {
  const p = facts.plan.field.neutral ? null : facts.plan.field.profile;
  const skills = [
    ['Next TRL step', `TRL ${Math.min(9, facts.plan.trl.level + 1)}`],
    ...(facts.regimes.length ? [['Regulatory', facts.regimes[0]!.short]] : []),
    ['Manufacturing', 'unit cost and a production partner'],
    [
      'Business development',
      facts.plan.record.licensees.length ? facts.plan.record.licensees.slice(0, 2).join('; ') : 'first buyer or licensee',
    ],
  ];
  return body({
    summary: [`Team behind ${facts.named}: not in the record.`],
    blocks: [table(['Skill', 'Needed for'], skills), ...(p ? [bullets(p.partners, 'Partners by type')] : [])],
    confidence: { level: 'low', reason: 'Not in the record.' },
    next: [p ? `Approach ${p.partners[0]}.` : 'Name an owner for each skill.'],
  });
}

export function roadmap({ facts }: SectionInput): SectionBody {
  const { money, trl, baseYear } = facts.plan;
  const rows: string[][] = [];
  let quarter = 1;
  const label = (n: number) => `Q${((n - 1) % 4) + 1} ${baseYear + Math.floor((n - 1) / 4)}`;
  rows.push([label(quarter), facts.actions[0]?.action ?? 'Confirm the record with data']);
  const perStep = money.devMonths
    ? Math.max(1, Math.round((money.devMonths[0] + money.devMonths[1]) / 2 / Math.max(1, money.steps) / 3))
    : 1;
  for (let level = trl.level; level < money.targetTrl && rows.length < 8; level++) {
    quarter += perStep;
    rows.push([label(quarter), `TRL ${level + 1}`]);
  }
  rows.push([label(Math.max(quarter + 1, money.firstRevenueQuarter)), 'First revenue']);
  return body({
    summary: [`${facts.named}: TRL ${trl.level} (${trl.source}) to first revenue in ${baseYear + money.launchYear - 1}.`],
    // The budget and first-revenue year behind these quarters are the financial sections' assumptions, printed there.
    blocks: [table(['Quarter', 'Milestone'], rows, 'Roadmap')],
    confidence: { level: 'low', reason: 'Durations are field planning ranges.' },
    next: ['Owner and budget for the first two milestones.'],
  });
}

export function appendices({ facts }: SectionInput): SectionBody {
  const r = facts.plan.record;
  return body({
    summary: [`The record of ${facts.named}, the assumptions, the TRL scale.`],
    blocks: [
      table(
        ['Record field', 'As confirmed'],
        [
          ['Name', r.name],
          ['What it is', r.summary || '—'],
          ['Field', facts.fieldName],
          ['Stage', `${facts.trlLabel}${r.stage.stated_text ? ', stated' : ', not stated'}`],
          ['IP', `${facts.ipLabel}${r.ip.numbers.length ? ` (${r.ip.numbers.join('; ')})` : ''}`],
        ],
        'The invention record',
      ),
      assumptions(moneyAssumptions(facts)),
      table(
        ['TRL', 'Definition'],
        Object.entries(TRL_SCALE).map(([k, v]) => [k, v]),
        'The TRL scale (Horizon Europe)',
      ),
      ...(facts.unknowns.length ? [bullets(facts.unknowns, 'Still to verify')] : []),
    ],
    confidence: null,
    next: ['Correct the record as results and filings change it.'],
  });
}
