/** Offline writers for the overview sections: summary, problem, technology, benefits, applications, next steps. */
import type { SectionContent } from '../../../content/report-content.ts';
import { ALTERNATIVES } from '../alternatives.ts';
import { clip } from '../text-analysis.ts';
import { actions, body, bullets, capitalise, confidenceNote, listing, para, quote, range, table, verify, shortName } from '../blocks.ts';
import { inSentence } from '../blocks.ts';
import {
  beachhead,
  capitaliseFirst,
  COMMON_PATENT_DBS,
  fieldPhrase,
  ninetyDayPlan,
  primaryUsers,
  recommendation,
  termsText,
  trlText,
  type SectionWriter,
  type WriterContext,
  components,
} from './context.ts';

function findSection(ctx: WriterContext, key: string): SectionContent | undefined {
  return ctx.priorSections.find((s) => s.key === key);
}

export const executiveSummary: SectionWriter = (ctx) => {
  const { a, plan } = ctx;
  // Written last: take the maturity and risks from the finished sections where present.
  const trlSection = findSection(ctx, 'trl_challenges') ?? findSection(ctx, 'feasibility');
  const level = trlSection?.trl?.level ?? a.trl.level;
  const risks = (findSection(ctx, 'risks')?.risks ?? ctx.risks)
    .slice()
    .sort((x, y) => y.likelihood * y.impact - x.likelihood * x.impact)
    .slice(0, 3);
  const rec = recommendation(a);
  const protect = a.ip.filed.length > 0 ? 'a patent application is reported as filed' : 'no patent filing is reported';
  const disclosure = a.ip.disclosed.length > 0 ? ' The idea mentions a possible public disclosure, which must be reviewed before filing.' : '';
  const plan90 = ninetyDayPlan(a).slice(0, 3);
  return body({
    summary: [
      `${a.oneLiner} This assessment reads the ${a.subject} as ${fieldPhrase(a, 'opportunity')} aimed first at ${primaryUsers(a)}, built around ${termsText(a)}.`,
      `Maturity of the ${a.subject}: ${trlText(level)}, confidence ${a.trl.confidence}. ${a.ip.filed.length > 0 ? 'A patent application is reported as filed' : `No filing on the ${a.subject} is reported`}.${disclosure} The strongest early market is ${inSentence(beachhead(a).name)}; its size must be established bottom-up from buyer counts and price points that this report lists as items to verify, not assumed.`,
      `Recommendation: ${rec.verdict}. ${rec.reason}`,
    ],
    blocks: [
      bullets(
        [
          `What it is: ${a.oneLiner}`,
          `Who needs it: ${listing(a.applications.slice(0, 3).map((x) => inSentence(x.name)))}.`,
          `How mature: ${trlText(level)} for the ${a.subject}; ${a.trl.evidence[0] ?? ''}`,
          `How protectable: candidate claims on the ${a.subject} and its use; ${protect}.`,
          `Top risks: ${risks.map((r) => inSentence(r.risk)).join('; ')}.`,
          `What next: ${plan90.map((p) => inSentence(p.action)).join('; ')}.`,
        ],
        'Key findings',
      ),
      table(
        ['Dimension', 'Assessment', 'Confidence'],
        [
          ['Maturity', trlText(level), a.trl.confidence],
          ['Protectability', a.ip.filed.length > 0 ? 'Application filed; scope depends on prior art' : 'Unfiled; candidate product, process and use claims', 'low'],
          ['Market', `Beachhead: ${beachhead(a).name}; size to be measured bottom-up`, 'low'],
          ['Regulatory', `Likely in scope: ${a.domain.regimes[0]?.name.split('(')[0]?.trim() ?? 'to identify'}`, a.domainConfidence === 'high' ? 'medium' : 'low'],
          ['Funding need to TRL ' + plan.targetTrl, `Planning range ${Math.round(plan.devCostKusd[0])}–${Math.round(plan.devCostKusd[1])} USD thousand (illustrative)`, 'low'],
        ],
        'Assessment at a glance',
      ),
      verify([
        `Test evidence behind the claims about the ${a.subject}${a.claims[0] ? ` (e.g. ${quote(a.claims[0])})` : ''}.`,
        `Novelty: a professional search in ${COMMON_PATENT_DBS}.`,
        `Buyer count and price points for ${inSentence(beachhead(a).name)} from interviews and sector statistics.`,
        'Applicable regulatory classification, confirmed with the regulator or an accredited laboratory.',
      ]),
    ],
    confidence: {
      level: a.trl.level <= 3 ? 'low' : 'medium',
      reason: 'Based only on the inventor\'s description; no test reports, searches or customer data were reviewed.',
    },
    next_steps: plan90.map((p) => `${p.action} (${p.timing.toLowerCase()}).`),
  });
};

export const problem: SectionWriter = ({ a }) => {
  const stated = a.problemStatements;
  const incumbent = ALTERNATIVES[a.domain.id][0]!;
  const users = primaryUsers(a);
  return body({
    summary: [
      stated.length > 0
        ? `The idea describes the problem in its own words: ${quote(stated[0]!)} The pain falls first on ${users}, who today rely on ${incumbent.approach.toLowerCase()} or do without.`
        : `No problem is stated for the ${a.subject}${a.targets[0] ? `, which acts on ${a.targets[0]}` : ''}. Its likely payers are ${users}; today they rely on ${incumbent.approach.toLowerCase()} or do without (to confirm with them).`,
      `The number to find: what the ${a.subject} must save ${users} per year.`,
    ],
    blocks: [
      table(
        ['Stakeholder', 'Pain today', 'Current workaround', 'Cost driver'],
        a.applications.slice(0, 4).map((app, i) => [
          capitalise(app.buyer),
          i === 0 && stated[0] ? clip(stated[0], 140) : `The need the ${a.subject} addresses in ${inSentence(app.name)}`,
          ALTERNATIVES[a.domain.id][i % ALTERNATIVES[a.domain.id].length]!.approach,
          i === 0 ? `What ${inSentence(app.name)} spends without the ${a.subject} (to quantify)` : 'To quantify in interviews',
        ]),
        'Who has the problem',
      ),
      para(`Why it remains unsolved: ${incumbent.weaknesses} ${a.problemStatements[1] ? `The idea adds: ${quote(a.problemStatements[1])}` : ''}`.trim()),
      verify([
        `How many ${users} face the problem, and how often (sources: ${a.domain.marketSources.slice(0, 2).join('; ')}).`,
        `What ${users} spend today on what the ${a.subject} would replace.`,
        ...a.contextClaims.slice(0, 2).map((c) => `The statement ${quote(c)} — source and date of the data.`),
      ]),
    ],
    confidence: {
      level: stated.length > 0 ? 'medium' : 'low',
      reason: stated.length > 0 ? 'The idea states the problem, but its scale and cost are not evidenced.' : 'The problem is inferred, not stated.',
    },
    next_steps: [
      `Interview 10-15 ${users}: today's answer to what the ${a.subject} does, its cost, who signs purchases.`,
      `Set beforehand the answer that would show the ${a.subject}'s problem too small to pay for.`,
    ],
  });
};

export const technology: SectionWriter = ({ a }) => {
  const mech = a.mechanismStatements;
  const terms = components(a, 4);
  return body({
    summary: [
      mech.length > 0
        ? `In plain words: ${mech[0]} ${mech[1] ?? ''}`.trim()
        : `In plain words: the ${a.subject} combines ${termsText(a)}. The idea does not describe the mechanism step by step; that gap is the first thing an investor will probe.`,
      terms[1]
        ? `Possibly new: ${terms[0]} combined with ${terms[1]}. ${capitalise(terms[0]!)} alone and ${terms[1]} alone are likely known, so a search decides.`
        : `Possibly new: the ${a.subject} around ${terms[0] ?? 'its core element'}; a prior-art search decides.`,
    ],
    blocks: [
      bullets(
        [
          ...(a.targets[0] ? [`Acts on: ${a.targets.slice(0, 2).join('; ')}${a.users[0] ? ` (for ${a.users[0]})` : ''}.`] : []),
          ...mech.slice(0, 3).map((m) => `Mechanism (as described): ${m}`),
          `Output: the result the user gets — ${a.claims[0] ? quote(a.claims[0]) : 'to be specified as a measurable outcome'}.`,
        ],
        'How it works',
      ),
      table(
        ['Element', 'Known or new?', 'Why it matters'],
        [
          [capitalise(a.subject), 'Combination to be tested for novelty', 'Defines the product and the main claim'],
          ...terms.slice(0, 4).map((t, i) => [capitalise(t), i === 0 ? 'Possibly new in this use (to verify)' : 'Likely known building block (to verify)', i === 0 ? 'Candidate point of novelty' : 'Supplier, cost and performance dependency']),
        ],
        'Building blocks',
      ),
      verify([
        `Whether ${terms[0] ?? 'the key element'} has been used for this purpose before: search ${COMMON_PATENT_DBS} and scientific literature.`,
        `${capitalise(terms[0] ?? `the ${a.subject}`)}: which value of it makes the ${a.subject} work — a testable hypothesis.`,
      ]),
    ],
    confidence: { level: 'low', reason: 'Novelty cannot be judged before a prior-art search; the mechanism is taken from the inventor\'s description.' },
    next_steps: [
      `One confidential page on the ${a.subject}: ${listing(terms.slice(0, 3)) || 'its parts'}, their sequence and critical parameters.`,
      `Design the single experiment that best demonstrates ${terms[0] ?? 'the core feature'}.`,
    ],
  });
};

export const benefits: SectionWriter = ({ a }) => {
  const alt = ALTERNATIVES[a.domain.id][0]!;
  const claimed = a.claims.slice(0, 4);
  const rows = claimed.length > 0
    ? claimed.map((c, i) => [
        i === 0 ? 'Headline benefit (claimed)' : `Further benefit ${i + 1} (claimed)`,
        clip(c, 120),
        alt.approach,
        `Side-by-side test under ${shortName(a.domain.standards[i % a.domain.standards.length] ?? 'a documented protocol')}`,
        'claimed — to verify',
      ])
    : [
        ['Performance', `Core output of the ${a.subject}`, alt.approach, `Test to ${shortName(a.domain.standards[0] ?? 'a documented protocol')}`, 'plausible — to verify'],
        ['Cost', 'Total cost of ownership per user per year', alt.approach, 'Bill of materials plus operating cost model', 'to verify'],
        ['Ease of use / time', 'Time or steps to get the result', alt.approach, 'Timed user trials', 'to verify'],
      ];
  return body({
    summary: [
      claimed.length > 0
        ? `The idea claims measurable advantages, for example ${quote(claimed[0]!)}. These are the inventor's claims; none can be presented to investors as proven until independent tests reproduce them against ${alt.approach.toLowerCase()}.`
        : `No measurable advantage of the ${a.subject} is stated. Each likely benefit — from ${termsText(a, 2)} — needs a metric and a baseline against ${alt.approach.toLowerCase()}.`,
      `Whichever benefit of the ${a.subject} lowers cost or risk for ${beachhead(a).buyer} should lead the pitch once measured.`,
    ],
    blocks: [
      table(['Benefit', 'Metric', 'Baseline to compare against', 'How to prove it', 'Status'], rows, 'Benefits and how to prove them'),
      verify([
        ...(claimed.length > 0 ? claimed.map((c) => `${c} — test data, conditions and sample size.`) : [`For each benefit of the ${a.subject}: metric, baseline, test report.`]),
        ...a.contextClaims.slice(0, 2).map((c) => `Context stated in the idea: ${quote(c)} — source of the figures.`),
      ]),
    ],
    confidence: { level: 'low', reason: 'No independent test data has been reviewed.' },
    next_steps: [
      `Write a benchmark protocol comparing the ${a.subject} with ${alt.approach.toLowerCase()} on the headline metric.`,
      `An independent laboratory runs or witnesses the ${a.subject} benchmark; the result stated as money or time saved for ${beachhead(a).buyer}.`,
    ],
  });
};

export const applications: SectionWriter = ({ a }) => {
  const apps = a.applications.slice(0, 5);
  const rows = apps.map((app, i) => [
    app.name,
    capitalise(app.buyer),
    i === 0 ? 'High' : app.fromIdea ? 'Medium-high' : 'Medium',
    i === 0 ? a.domain.salesCycle.split(':')[0]! : 'Later, after the beachhead',
    i === 0 ? 'Proof in the first pilot' : 'Adaptation and channel access',
  ]);
  return body({
    summary: [
      `Beachhead for the ${a.subject}: ${inSentence(apps[0]?.name) ?? 'the primary use case'}${apps[0]?.fromIdea ? ' (named in the idea)' : ''}, where ${termsText(a, 2)} matter most.`,
      ...(apps.some((x) => !x.fromIdea) ? [`${capitalise(listing(apps.filter((x) => !x.fromIdea).map((x) => inSentence(x.name))))}: ${a.domain.label.toLowerCase()} options, not named in the idea — to test.`] : []),
    ],
    blocks: [
      table(['Application', 'Buyer', 'Fit', 'Time to revenue', 'Main hurdle'], rows, 'Applications ranked'),
      confidenceNote('medium', `${apps[0]?.fromIdea ? `${capitalise(apps[0].name)} is named in the idea` : `${capitalise(apps[0]?.name ?? 'The beachhead')} is inferred from ${primaryUsers(a)}`}; interviews with ${apps[0]?.buyer ?? primaryUsers(a)} confirm or replace it.`, 'Confidence in the beachhead'),
      verify(apps.slice(0, 3).map((app) => `Number of ${app.buyer} and their budget for this need (${a.domain.marketSources[0] ?? 'sector statistics'}).`)),
    ],
    confidence: { level: 'medium', reason: 'Ranking is by reasoning from the idea and the domain, not from market data.' },
    next_steps: [
      `Approach three potential pilot customers in ${inSentence(apps[0]?.name) ?? 'the beachhead'} with a one-page non-confidential summary.`,
      `For ${listing(apps.slice(0, 2).map((x) => inSentence(x.name)))}: buyer, decision process and price to test.`,
    ],
  });
};

export const nextSteps: SectionWriter = ({ a }) => {
  const plan = ninetyDayPlan(a);
  return body({
    summary: [
      `In 90 days the ${a.subject} needs a priority date, an independent result on ${components(a, 1)[0] ?? 'the core claim'}, and confirmation of the need from ${primaryUsers(a)}. Filing comes first, so ${components(a, 1)[0] ?? `the ${a.subject}`} is never disclosed unprotected.`,
    ],
    blocks: [
      table(
        ['Action', 'Owner (role)', 'Output', 'Timing', 'Uncertainty removed'],
        plan.map((p) => [p.action, p.owner, p.output, p.timing, p.removes]),
        '90-day plan',
      ),
      actions([plan[0]!.action + '.'], 'Start today'),
      para(`Day-90 gate for the ${a.subject}: ${components(a, 1)[0] ?? 'the core result'} reproduced; a patentable point in ${listing(components(a, 3).slice(1)) || 'the design'}; three ${primaryUsers(a)} ready to pilot.`),
    ],
    next_steps: plan.map((p) => `${p.action}.`),
  });
};

export const expandedSummary: SectionWriter = ({ a, plan }) => {
  const rec = recommendation(a);
  return body({
    summary: [
      `Headline claims on the ${a.subject}, with reasoning and confidence: ${fieldPhrase(a, 'technology')} at ${trlText(a.trl.level)}, ${a.ip.filed.length > 0 ? 'with a filing reported' : 'not yet filed'}, built on ${termsText(a, 2)}.`,
    ],
    blocks: [
      table(
        ['Claim', 'Reasoning', 'Evidence in the idea', 'Confidence'],
        [
          ['What it is', capitaliseFirst(`${fieldPhrase(a, 'technology')} built on ${termsText(a, 2)}`), clip(a.oneLiner, 160), 'medium'],
          ['Who needs it', `${capitalise(primaryUsers(a))} first, then ${listing(a.applications.slice(1, 3).map((x) => inSentence(x.name)))}`, a.users[0] ? `Names ${a.users[0]}` : 'Users not named; inferred from purpose', a.users[0] ? 'medium' : 'low'],
          ['How mature', trlText(a.trl.level), (a.trl.evidence[0] ? clip(a.trl.evidence[0], 160) : undefined) ?? 'None stated', a.trl.confidence],
          ['How protectable', a.ip.filed.length > 0 ? 'Filing reported; scope unknown' : 'Candidate claims exist; unfiled', (a.ip.filed[0] ? clip(a.ip.filed[0], 160) : undefined) ?? 'No IP statement', 'low'],
          ['What it needs', `${range(plan.devCostKusd[0], plan.devCostKusd[1])} (heuristic) to bring the ${a.subject} to TRL ${plan.targetTrl}`, 'Not stated in the idea', 'low'],
          ['Recommendation', rec.verdict, clip(rec.reason, 160), a.trl.level <= 3 ? 'low' : 'medium'],
        ],
        'Claims and their reasoning',
      ),
      verify([
        `To raise the low rows on the ${a.subject}: a test of ${components(a, 1)[0] ?? 'its core effect'}, a prior-art search, a pilot.`,
        ...[...a.claims, ...a.contextClaims].slice(0, 2),
      ]),
    ],
    confidence: { level: 'low', reason: 'Most rows rest on the inventor\'s description alone.' },
    next_steps: [
      `Data room for the ${a.subject}: the records behind TRL ${a.trl.level}.`,
    ],
  });
};
