/** Offline writers for commercialisation options, team and partners, roadmap and appendices. */
import { assumptions, body, bullets, capitalise, kusd, listing, para, range, table, verify, shortName } from '../blocks.ts';
import { TRL_LABELS } from '../maturity.ts';
import { beachhead, COMMON_PATENT_DBS, otherTerms, primaryUsers, termsText, trlText, type SectionWriter } from './context.ts';

export const commercialisationOptions: SectionWriter = ({ a, plan }) => {
  const early = a.trl.level <= 4;
  const recommended = early ? 'Licence or joint development with an established player, after a priority filing and a reproduced result' : a.domain.capitalIntensity === 'high' ? 'Partnership with a strategic player, keeping a spin-out option for a defined field' : 'Spin-out (start-up) selling directly, with licences in non-core fields';
  return body({
    summary: [
      `Four routes are open for the ${a.subject}. At ${trlText(a.trl.level)} and with a planning need of ${range(plan.devCostKusd[0], plan.devCostKusd[1])} to reach market entry, the recommended route is: ${recommended}.`,
      `A licensee or partner will value the ${a.subject} mainly for ${termsText(a, 2)}: proof and protection of those set the terms.`,
      'Switch routes when evidence changes the balance: a successful pilot raises the value of a spin-out; a slow regulatory path favours a partner who already has one.',
    ],
    blocks: [
      table(
        ['Route', 'What it looks like here', 'Pros', 'Cons', 'Capital needed'],
        [
          ['Licence', `The ${a.subject} is licensed, field by field, to ${a.domain.licensees[0] ?? 'manufacturers'}`, 'Low capital, fast reach, royalties', `Small share of value; ${a.domain.licensees[0] ?? 'the licensee'} sets the pace`, 'Low (IP and evidence)'],
          ['Spin-out / start-up', `New company develops and sells to ${beachhead(a).buyer}`, 'Largest share of value; control', 'Needs team and capital; highest risk', `High (${range(plan.devCostKusd[0], plan.devCostKusd[1])} to market entry)`],
          ['Partnership / joint development', `Co-develop with ${a.domain.licensees[1] ?? 'a strategic partner'}`, 'Shares cost; access to certification and channels', 'Shared IP and control; negotiation effort', 'Medium'],
          ['Sale of the IP', 'Assign patents and know-how outright', 'Immediate, simple', 'Lowest value at early TRL', 'Minimal'],
        ],
        'Routes compared',
      ),
      para(`Recommended now: ${recommended}.`),
    ],
    confidence: { level: 'medium', reason: `Follows from the TRL, the capital intensity of ${a.domain.label.toLowerCase()} and the usual routes in the domain; depends on the team's ambitions.` },
    next_steps: [
      'Decide the route with the IP owner (inventor, institution or company) and record it.',
      `For the chosen route, approach the first three counterparties of type "${a.domain.licensees[0]}".`,
      `A non-confidential page on the ${a.subject}, and an NDA for what lies beyond it.`,
    ],
  });
};

export const teamPartners: SectionWriter = ({ a }) => {
  const rows = [
    ['Technical lead', `Develop ${otherTerms(a, 1)[0] ?? 'the core technology'} to the next TRL`, 'Likely present (inventor)', 'Confirm time commitment'],
    ['Engineering for manufacture', `Take the ${a.subject} from prototype to producible design`, 'Unknown', 'Hire or contract manufacturer\'s engineers'],
    ['Regulatory and quality', `Navigate ${a.domain.regimes[0]?.name.split('(')[0]!.trim() ?? 'applicable rules'}`, 'Unknown', 'Advisor or consultant'],
    ['Commercial lead', `Sell to ${beachhead(a).buyer}`, 'Unknown', 'Co-founder or early hire'],
    ['IP', 'Filing strategy and searches', 'Unknown', 'Patent attorney (external)'],
    ['Finance and fundraising', 'Budget, grants, investors', 'Unknown', 'Part-time CFO or advisor'],
  ];
  return body({
    summary: [
      `Team gaps, judged by what the ${a.subject} needs next: technical depth in ${listing(otherTerms(a, 2)) || 'the core technology'}, manufacturing, regulatory knowledge of ${a.domain.label.toLowerCase()}, and a commercial lead who knows ${primaryUsers(a)}.`,
    ],
    blocks: [
      table(['Capability', 'Needed for', 'Gap?', 'How to fill'], rows, 'Skills and gaps'),
      bullets(a.domain.partners.map((p) => capitalise(p)), 'Partners to approach (by type)'),
      verify(['Team members\' time commitment and any employer or institution restrictions.', 'Whether advisors will take equity, fees or both.']),
    ],
    confidence: { level: 'low', reason: 'The idea does not describe the team.' },
    next_steps: [
      'Secure a commercial co-founder or advisor with domain sales experience.',
      `Approach the first partner: ${a.domain.partners[0]}.`,
    ],
  });
};

export const roadmap: SectionWriter = ({ a, plan }) => {
  const devQuarters = Math.ceil((plan.devMonths[0] + plan.devMonths[1]) / 6);
  // First revenue comes from the report's one assumptions object, so the roadmap and the ROI agree.
  const firstRevenueQ = plan.firstRevenueQuarter;
  const quarters = Math.min(20, Math.max(8, firstRevenueQ + 1, devQuarters + 2));
  const monthsPerStep = (a.domain.trlStepMonths[0] + a.domain.trlStepMonths[1]) / 2;
  const technical = new Map<number, string>();
  for (let i = 1; i <= plan.steps; i++) {
    const q = Math.max(1, Math.ceil((i * monthsPerStep) / 3));
    if (q <= quarters) technical.set(q, `Reach TRL ${a.trl.level + i}: ${TRL_LABELS[a.trl.level + i]!.toLowerCase()}`);
  }
  const launchQ = Math.min(quarters, firstRevenueQ);
  const rows: string[][] = [];
  for (let q = 1; q <= quarters; q++) {
    const ip = q === 1 ? (a.ip.filed.length > 0 ? 'Confirm priority date; commission search' : 'Invention disclosure; priority filing') : q === 4 ? 'PCT / foreign filing decision (month 12)' : q === 2 ? 'Regulatory classification confirmed' : q === launchQ - 1 ? 'Type testing and technical file' : q === launchQ ? 'Certification / approval submitted' : '—';
    const commercial = q === 1 ? `Interviews with ${primaryUsers(a)}` : q === 2 ? 'Pilot partner identified; LOI' : q === 3 ? 'Pilot agreement signed' : q === launchQ ? 'First paid orders targeted' : q > launchQ ? 'Reference customers; channel partner' : 'Pilot running; data collection';
    const funding = q === 1 ? 'Grant application submitted' : q === 3 ? 'Angel / seed round preparation' : q === 4 ? 'Seed round closed (target)' : q === launchQ ? 'Series A or strategic partner (if spin-out)' : '—';
    const nextMilestone = [...technical.entries()].find(([mq]) => mq > q);
    const work = nextMilestone ? `Work towards ${nextMilestone[1].split(':')[0]!.replace(/^Reach /, '')} on the ${a.subject}` : 'Production readiness and quality control';
    rows.push([`Q${q}`, technical.get(q) ?? work, ip, commercial, funding]);
  }
  return body({
    summary: [
      `The roadmap runs ${quarters} quarters from today, at ${trlText(a.trl.level)}, to TRL ${plan.targetTrl} and ${firstRevenueQ <= quarters ? `first revenue in quarter ${firstRevenueQ} (the first quarter of year ${plan.launchYear}, as in the ROI model)` : `first revenue in year ${plan.launchYear}, beyond this plan (as in the ROI model)`}, using the planning pace of ${a.domain.trlStepMonths[0]}-${a.domain.trlStepMonths[1]} months per TRL step in ${a.domain.label.toLowerCase()}. Timing is a plan, not a promise.`,
    ],
    blocks: [
      table(['Quarter', 'Technical', 'IP / regulatory', 'Commercial', 'Funding'], rows, 'Quarter-by-quarter milestones'),
      bullets([
        'IP filing before any disclosure → critical experiment → pilot → certification → first sales.',
        'Funding must close before each costly step; a slipped grant delays the pilot.',
        `Classification under ${a.domain.regimes[0]?.name.split('(')[0]?.trim() ?? 'the applicable rules'} in quarter 2 fixes the test plan and launch date.`,
      ], 'Critical path'),
      assumptions([`TRL steps take ${a.domain.trlStepMonths[0]}-${a.domain.trlStepMonths[1]} months each (planning heuristic).`, 'Funding arrives when planned.', 'No redesign after certification testing.']),
    ],
    confidence: { level: 'low', reason: 'Timeline derives from domain planning heuristics and assumes funding on time.' },
    next_steps: rows.slice(0, 1).map((r) => `Quarter 1: ${[r[1], r[2], r[3], r[4]].filter((x) => x && x !== '—').join('; ')}.`).concat(['Review the roadmap monthly against actual progress.']),
  });
};

export const appendices: SectionWriter = ({ a, plan }) => {
  const glossary: string[][] = [
    ...a.keyTerms.slice(0, 4).map((t) => [capitalise(t), `As used in the idea description of the ${a.subject}.`]),
    ['TRL', 'Technology Readiness Level, 1-9 (Horizon Europe scale).'],
    ['FTO', 'Freedom to operate: whether a product can be made and sold without infringing others\' in-force rights.'],
    ['PCT', 'Patent Cooperation Treaty: one international application that defers national filings to 30/31 months from priority.'],
    ['CPC / IPC', 'Patent classification systems used to search prior art.'],
    ['Prior art', 'Everything made public before the filing date that may affect novelty or inventive step.'],
    ['Beachhead', 'The first market segment targeted, chosen for fit and speed to revenue.'],
  ];
  return body({
    summary: [
      `Reference material for this report on the ${a.subject}: glossary, consolidated assumptions, the TRL scale with the estimated level, sources to verify, and the disclaimer.`,
    ],
    blocks: [
      table(['Term', 'Meaning'], glossary, 'Glossary'),
      table(
        ['Assumption', 'Value', 'Used in'],
        [
          ['Development to market entry', range(plan.devCostKusd[0], plan.devCostKusd[1]), 'Financial estimates, funding, ROI'],
          ['Time to market entry', `${plan.devMonths[0]}-${plan.devMonths[1]} months`, 'Roadmap, ROI'],
          ['First revenue year', `Year ${plan.launchYear}`, 'ROI'],
          ['Revenue per account', kusd(plan.revenuePerAccountKusd), 'Financial estimates, ROI'],
          ['Gross margin', `${plan.grossMarginPct}%`, 'Financial estimates, ROI'],
          ['Indicative royalty range', `${a.domain.royaltyPct[0]}-${a.domain.royaltyPct[1]}%`, 'Licensing and exit'],
        ],
        'Consolidated assumptions (all to replace with verified figures)',
      ),
      table(
        ['TRL', 'Description', 'This idea'],
        Object.entries(TRL_LABELS).map(([l, d]) => [l, d, Number(l) === a.trl.level ? '◀ estimated' : '']),
        'TRL scale (Horizon Europe)',
      ),
      table(
        ['Source', 'Use it to verify'],
        [
          [COMMON_PATENT_DBS, 'Novelty, FTO, active applicants'],
          ...a.domain.marketSources.slice(0, 3).map((s) => [capitalise(s), 'Market size inputs and demand']),
          ...a.domain.regimes.slice(0, 2).map((r) => [r.name.split('(')[0]!.trim() + ' guidance', 'Classification and requirements']),
          ['Accredited test laboratories (ISO/IEC 17025)', `Performance claims (${listing(a.domain.standards.slice(0, 2).map(shortName))})`],
        ],
        'Sources to verify',
      ),
      verify([
        'This report is generated analysis, not investment, legal, tax or regulatory advice.',
        'Facts marked "to verify" must be verified before any decision; figures are illustrative outputs of stated assumptions.',
        'Do not publish or present the idea before a patent filing has been considered.',
      ], 'Disclaimer'),
    ],
    next_steps: [`Each assumption on the ${a.subject} replaced here by verified data as it arrives.`],
    trl: { level: a.trl.level, evidence: a.trl.evidence.slice(0, 3), to_reach_next: [`Demonstrate ${TRL_LABELS[Math.min(9, a.trl.level + 1)]!.toLowerCase()}.`] },
  });
};
