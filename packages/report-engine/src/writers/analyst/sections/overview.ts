/**
 * The opening questions: what it is, whose problem, how it works, what it does better, where it
 * goes first, what next. Sentences of ours are short labels or carry knowledge of the field;
 * whatever the member wrote is quoted or stands alone.
 */
import type { SectionBody } from '../../../content/report-content.ts';
import { body, bullets, para, q, table, toFindOut } from '../parts.ts';
import { documentLabel, type FeatureChart } from '../../../evidence/feature-chart.ts';
import type { SectionInput } from './section-input.ts';

/** The executive summary's line on the closest document found and what remains new over the documents charted. */
function closestPriorArt(chart: FeatureChart | null): string[] {
  const top = chart?.documents[0];
  if (!chart || !top) return [];
  const n = chart.targets.length;
  const left = chart.remaining.length;
  return [
    `Closest prior art: ${documentLabel(top.item)}, disclosing ${top.yes} of ${n} features${top.mechanism ? ', the mechanism among them' : ''}; ${left ? `${left} of ${n} ${left === 1 ? 'is' : 'are'} disclosed in full by no document found.` : 'every feature is disclosed by some document found.'}`,
  ];
}

export function executiveSummary({ facts, closest, chart }: SectionInput): SectionBody {
  const { plan, recommendation } = facts;
  const r = plan.record;
  const rows: string[][] = [
    ['What it is', r.summary || r.name, r.summary ? 'stated' : 'name only'],
    ['Field', facts.fieldName, r.field_confidence],
    ['Stage', `TRL ${plan.trl.level} — ${facts.trlBasis}`, plan.trl.confidence],
    [
      'IP',
      `${facts.ipLabel}${r.ip.numbers.length || r.ip.owner ? ` — ${facts.ipDetail}` : ''}`,
      r.ip.status === 'unknown' ? 'low' : 'medium',
    ],
    [
      'Market',
      plan.market.method === 'to-size' && !plan.market.count && !plan.market.price ? 'not sized' : facts.marketLine,
      plan.market.method === 'bottom-up' ? 'medium' : 'low',
    ],
    ['Budget to next stage', facts.fundingLine, 'low'],
  ];
  if (facts.regimes[0]) rows.push(['First regulatory hurdle', facts.regimes[0].short, 'medium']);
  if (closest) rows.push(['Closest prior art', closest.replace(/^Closest prior art: /, ''), chart ? 'low' : 'medium']);
  return body({
    // "AquaTrace is a low-cost sensor …" already names it; "AquaTrace: AquaTrace is …" would not.
    summary: [
      r.summary && r.summary.toLowerCase().startsWith(r.name.toLowerCase())
        ? r.summary
        : `${r.name}: ${r.summary || 'described by its name only.'}`,
      ...closestPriorArt(chart),
      `Recommendation: ${recommendation.verdict}.`,
    ],
    blocks: [
      table(['Question', 'Answer', 'Confidence'], rows, 'At a glance'),
      bullets(recommendation.reasons, 'Why'),
      ...(r.applications.length ? [bullets(r.applications, 'Applications named')] : []),
      ...(facts.unknowns.length ? [toFindOut(facts.unknowns.slice(0, 5))] : []),
    ],
    confidence: {
      level: recommendation.confidence,
      reason: plan.trl.source === 'stated' ? 'Confirmed record; no test data seen.' : 'Confirmed record; stage estimated.',
    },
    next: facts.actions.slice(0, 3).map((a) => `${a.action}.`),
  });
}

export function expandedSummary({ facts }: SectionInput): SectionBody {
  const { plan } = facts;
  const r = plan.record;
  const who = [...r.customers, ...r.licensees];
  const rows = [
    ['Maturity', `TRL ${plan.trl.level}`, plan.trl.source === 'stated' ? facts.trlBasis : plan.trl.reason],
    ['Protection', facts.ipLabel, r.ip.stated_text ? q(r.ip.stated_text, 200) : 'Nothing stated.'],
    [
      'Market',
      plan.market.method === 'bottom-up' ? facts.marketLine : 'Not sized',
      plan.market.count ? q(plan.market.count.quote, 120) : plan.market.price ? q(plan.market.price.quote, 120) : '—',
    ],
    [
      'Who pays',
      who.length ? who.slice(0, 4).join('; ') : 'Not named',
      who.length ? 'Named in the record.' : plan.field.neutral ? 'Field to confirm first.' : `Usually ${plan.field.profile.buyers[0]}.`,
    ],
    [
      'Regulation',
      facts.regimes[0]?.short ?? 'None identified',
      facts.regimes[0] ? 'See the regulatory section.' : 'No regulated use recorded.',
    ],
    ['Money', facts.fundingLine, `First revenue: ${plan.launchCalendarYear}.`],
  ];
  return body({
    summary: [`Each judgement on ${facts.named}, with its basis.`],
    blocks: [
      table(['Judgement', 'Conclusion', 'Basis'], rows),
      bullets(facts.recommendation.reasons, `Recommendation: ${facts.recommendation.verdict}`),
    ],
    confidence: { level: facts.recommendation.confidence, reason: 'Each row names its basis.' },
    // The full list of actions is the next-steps section's; here, the one the verdict waits on.
    next: [`${facts.actions[0]!.action}.`],
  });
}

export function problem({ facts }: SectionInput): SectionBody {
  const { plan } = facts;
  const r = plan.record;
  const who = [...r.customers, ...r.applications].slice(0, 6);
  const p = plan.field.neutral ? null : plan.field.profile;
  // How it is solved today, by name: how each works and where it falls short is the competitors' matrix, said once there.
  const today = facts.alternatives.slice(0, 3).map((a) => a.approach);
  const named = r.customers[0] ?? null;
  return body({
    summary: [r.problem ? `The problem as stated: ${q(r.problem, 240)}` : `Problem: not stated for ${facts.named}.`],
    blocks: [
      ...(r.problem ? [] : [toFindOut(['The problem: whose cost, how large?'], 'The problem')]),
      ...(who.length ? [bullets(who, 'Where the record places it')] : []),
      ...(today.length ? [bullets(today, 'How it is solved today')] : []),
      // The field's usual buyers only when the record names none: "utilities" is wrong for a trailer farmers rent.
      ...(p && !named ? [para(`Who usually pays, in ${facts.fieldName.toLowerCase()}: ${p.buyers.slice(0, 2).join('; ')}.`)] : []),
    ],
    confidence: { level: r.problem ? 'medium' : 'low', reason: r.problem ? 'Stated; not yet confirmed by buyers.' : 'Not stated.' },
    next: [
      named
        ? `Ask ${q(named, 80)} what the problem costs them a year.`
        : p
          ? `Ask ${p.buyers[0]} what the problem costs them a year.`
          : 'Name the buyer who pays for the problem today.',
    ],
  });
}

export function technology({ facts }: SectionInput): SectionBody {
  const r = facts.plan.record;
  return body({
    summary: [
      r.features.length
        ? `${facts.named}: ${r.features.length} key feature${r.features.length === 1 ? '' : 's'}, the first ${q(r.features[0]!, 120)}.`
        : `${facts.named}: no features listed.`,
    ],
    blocks: [
      para(r.summary ? q(r.summary, 400) : r.name),
      ...(r.mechanism ? [para(`How it works: ${q(r.mechanism, 900)}`)] : [toFindOut(['How it works: not described.'])]),
      ...(r.features.length ? [bullets(r.features, 'Key features')] : [toFindOut(['Key features: not listed.'])]),
    ],
    confidence: { level: r.features.length >= 2 ? 'medium' : 'low', reason: 'Confirmed record; no prior art or data.' },
    next: [
      r.features.length > 1
        ? `For each of the ${r.features.length} features: what fails without it?`
        : 'List the parts or steps that make it work.',
    ],
  });
}

export function benefits({ facts }: SectionInput): SectionBody {
  const r = facts.plan.record;
  const measured = r.figures.filter((f) => /%|x/.test(f.unit) || /faster|accura|efficien|sensitiv|reduc|improv|time|cost/i.test(f.what));
  const rows = r.advantages.map((a) => [
    a,
    measured.some((f) => f.stated_text && a.includes(String(f.value))) ? 'with a figure' : 'no figure',
  ]);
  return body({
    summary: [
      r.advantages.length ? `First advantage claimed: ${q(r.advantages[0]!, 200)}.` : `Advantages of ${facts.named}: none claimed.`,
    ],
    blocks: [
      ...(rows.length ? [table(['Advantage claimed', 'Evidence'], rows)] : [toFindOut(['A measured advantage over today.'])]),
      // With no advantage measured, where one would have to show: the weak points of today's approaches
      // (with a measured one, they are compared in the competitors' matrix).
      ...(measured.length
        ? []
        : [
            table(
              ['Alternative', 'Its weak point'],
              facts.alternatives.slice(0, 3).map((a) => [a.approach, a.weaknesses]),
              'Where an advantage must show',
            ),
          ]),
      ...(measured.length
        ? [
            bullets(
              measured.map((f) =>
                `${f.value}${f.value_max !== null ? `–${f.value_max}` : ''} ${f.unit} ${f.what} — ${q(f.stated_text, 160)}`.replace(
                  /\s+/g,
                  ' ',
                ),
              ),
              'Figures given',
            ),
          ]
        : []),
      ...(facts.tests.length ? [bullets(facts.tests.slice(0, 2), 'Tests that would prove it')] : []),
    ],
    confidence: {
      level: measured.length ? 'medium' : 'low',
      reason: measured.length ? "The inventor's figures, unreproduced." : 'No figures.',
    },
    next: [
      facts.tests[0]
        ? `Run ${facts.tests[0]}.`
        : facts.alternatives[0]
          ? `Compare side by side with ${facts.alternatives[0].approach.toLowerCase()}.`
          : "Measure one advantage against today's method.",
    ],
  });
}

export function applications({ facts }: SectionInput): SectionBody {
  const { plan } = facts;
  const r = plan.record;
  const named = r.applications.map((a, i) => [a, 'named', i === 0 ? 'test first' : 'rank by interviews']);
  // With fewer than two named and no buyer named, the field's usual applications that fit the record
  // (knowledge/fields.ts drops the ones that need what the record does not say, e.g. home monitoring for
  // a surgical retractor), marked as such. A named buyer says where the market is; the field's usual
  // segments beside it ("smallholder farms" beside "trout farms") would only blur it.
  const more =
    r.applications.length >= 2 || r.customers.length > 0 || plan.field.neutral
      ? []
      : plan.field.profile.applications.slice(0, 3).map((a) => [a.name, 'usual, not named', `buyer: ${a.buyer}`]);
  const rows = [...named, ...more];
  return body({
    summary: [
      r.applications.length
        ? `Beachhead until buyers say otherwise: ${q(r.applications[0]!, 120)}.`
        : `Applications of ${facts.named}: none named.`,
    ],
    blocks: [
      rows.length ? table(['Application', 'Source', 'Order'], rows) : toFindOut(['The first use a buyer would pay for.']),
      ...(r.customers.length ? [bullets(r.customers, 'Customers and users named')] : []),
      // The field's sales cycle is its usual buyers' ("utilities need bankability"): not said beside buyers the record names.
      ...(plan.field.neutral || r.customers.length
        ? []
        : [para(`Sales cycle in ${facts.fieldName.toLowerCase()}: ${plan.field.profile.salesCycle}.`)]),
    ],
    confidence: {
      level: r.applications.length ? 'medium' : 'low',
      reason: r.applications.length ? 'Named; order untested.' : 'None named.',
    },
    next: [
      r.customers[0]
        ? `Ask ${q(r.customers[0], 80)} what they would pay.`
        : r.applications.length
          ? 'Ask two buyers what they would pay.'
          : 'Choose one application to lead with.',
    ],
  });
}

export function nextSteps({ facts }: SectionInput): SectionBody {
  return body({
    summary: [`${facts.actions.length} actions for ${facts.named}, in order.`],
    blocks: [
      table(
        ['Action', 'Why', 'Days'],
        facts.actions.map((a) => [a.action, a.why, a.window]),
      ),
    ],
    confidence: null,
    // The table above is the list; repeating it as bullets said everything twice.
    next: [`Start with: ${facts.actions[0]!.action.charAt(0).toLowerCase()}${facts.actions[0]!.action.slice(1)}.`],
  });
}
