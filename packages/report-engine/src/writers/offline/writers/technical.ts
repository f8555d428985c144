/** Offline writers for the technical sections: feasibility, technology description, TRL challenges. */
import { body, bullets, capitalise, kusd, listing, para, quote, table, verify, shortName } from '../blocks.ts';
import { TRL_LABELS } from '../maturity.ts';
import { components, trlText, type SectionWriter } from './context.ts';
import type { IdeaAnalysis } from '../analyse-idea.ts';

/** What it takes to reach the next levels, in the domain's terms. */
function nextLevelNeeds(a: IdeaAnalysis, level: number): string[] {
  const std = shortName(a.domain.standards[0] ?? 'the relevant test standard');
  const byLevel: Record<number, string> = {
    1: 'Formulate the concept: the mechanism, the application and a first analytical estimate of performance.',
    2: `Proof of concept: ${components(a, 1)[0] ?? 'the core element'} in the ${a.subject}, measured against a control.`,
    3: `Build a laboratory prototype integrating ${listing(components(a, 2)) || 'the components'} and validate it against target specifications.`,
    4: `Test the prototype under realistic conditions (real samples, environment or users), using ${std} as the reference.`,
    5: 'Demonstrate a representative prototype in the relevant environment over a meaningful duration.',
    6: 'Run a system prototype in the operational environment with a pilot customer.',
    7: `Complete the system, pass qualification and certification (${a.domain.regimes[0]?.name.split('(')[0]?.trim() ?? 'applicable regime'}).`,
    8: 'Prove the system in full commercial operation and collect field data.',
    9: 'Sustain production quality and continuous improvement.',
  };
  return [byLevel[level] ?? byLevel[9]!, ...(level < 9 ? [`Records on the ${a.subject} that let an assessor verify TRL ${level + 1}.`] : [])];
}

function unknowns(a: IdeaAnalysis): string[][] {
  const terms = components(a, 3);
  return [
    [`Whether ${terms[0] ?? 'the core element'} delivers the claimed effect consistently`, `The ${a.subject}'s value rests on it`, 'Replicated experiments with statistics', 'Weeks to months'],
    [`How ${terms[0] ?? `the ${a.subject}`} ages, fouls, drifts or wears`, 'Determines lifetime cost', 'Accelerated life testing', 'Months'],
    [`Manufacturability of ${terms[1] ?? 'the key components'} at target cost`, 'Determines margin', `Quotes and a pilot run for ${terms[1] ?? 'the key components'}`, 'Weeks'],
    ['Integration with the user\'s existing practice', 'Determines adoption', 'Pilot with a customer', 'Months'],
  ];
}

export const feasibility: SectionWriter = ({ a, plan }) => {
  return body({
    summary: [
      `Technical feasibility: the ${a.subject} rests on ${listing(components(a, 2)) || 'components still to list'}${a.mechanismStatements.length > 0 ? '' : ', with a mechanism the idea does not spell out'}. The key unknown: does ${components(a, 1)[0] ?? 'its effect'} hold outside the inventor's conditions?`,
      `The ${a.subject} is at ${trlText(a.trl.level)}. TRL ${plan.targetTrl}, where sales of it become plausible: ${plan.devMonths[0]}-${plan.devMonths[1]} months and ${kusd(plan.devCostKusd[0])}-${kusd(plan.devCostKusd[1])} (a ${a.domain.label.toLowerCase()} heuristic; budget it bottom-up).`,
    ],
    blocks: [
      table(['Unknown', 'Why it matters', 'How to resolve', 'Effort'], unknowns(a), 'Technical unknowns'),
      bullets(a.trl.evidence.map((e) => quote(e)), 'Evidence of maturity in the idea'),
      ...(a.trl.plans.length > 0 ? [para(`Stated plans (not yet evidence): ${a.trl.plans.map((p) => quote(p)).join(' ')}`)] : []),
      verify([`Records behind each maturity statement on the ${a.subject}.`, `Supplier quotes for ${listing(components(a, 2)) || 'the main components'} at pilot and volume quantities.`]),
    ],
    confidence: { level: a.trl.confidence, reason: a.trl.reason },
    next_steps: [
      nextLevelNeeds(a, a.trl.level)[0]!,
      `Pass/fail criteria for ${components(a, 1)[0] ?? `the ${a.subject}`} set before the experiment.`,
      `Two quotes for making ${components(a, 2)[1] ?? `the ${a.subject}`}.`,
    ],
    trl: { level: a.trl.level, evidence: a.trl.evidence.slice(0, 4), to_reach_next: nextLevelNeeds(a, a.trl.level) },
  });
};

export const technologyDescription: SectionWriter = ({ a }) => {
  const parts = [a.subject, ...components(a, 4)];
  return body({
    summary: [
      `The ${a.subject} is described below as components and their functions, with the critical parameters that decide performance. Where the idea gives no values, parameters are stated as ranges to determine experimentally — not as specifications.`,
      ...(a.mechanismStatements[0] ? [`Mechanism as described: ${a.mechanismStatements[0]}`] : []),
    ],
    blocks: [
      table(
        ['Component / step', 'Function', 'Critical parameter', 'How to measure'],
        parts.map((c, i) => [
          capitalise(c),
          i === 0 ? 'The complete system delivering the benefit' : 'Contributes to the effect (to detail)',
          i === 0 ? 'Headline output vs. baseline' : `Composition, dimension or setting of ${c}`,
          i === 0 ? shortName(a.domain.standards[0] ?? 'Documented protocol') : 'Design of experiments',
        ]),
        'Components and parameters',
      ),
      bullets([
        'Inputs and operating conditions (temperature, load, environment, user behaviour).',
        'Interfaces with the user\'s existing equipment, data or process.',
        'Consumables and maintenance needs.',
        'Failure modes and their detection.',
      ], 'Also to specify'),
      verify(['Operating window of each critical parameter.', 'Tolerance the design can absorb in production.']),
    ],
    next_steps: [
      `Run a design-of-experiments study on the two or three parameters that most affect the ${a.subject}'s output.`,
      `A frozen reference design of the ${a.subject}, documented for the attorney and the laboratory.`,
    ],
  });
};

export const trlChallenges: SectionWriter = ({ a, plan }) => {
  const level = a.trl.level;
  const next = [level + 1, level + 2, level + 3].filter((l) => l <= 9);
  const stepCost = a.domain.trlStepCostKusd;
  return body({
    summary: [
      `Current maturity: ${trlText(level)}. Why not higher: ${level < 9 ? `the idea gives no evidence of ${TRL_LABELS[level + 1]!.toLowerCase()}` : 'it is already at the top of the scale'}. The estimate rests on ${a.trl.cues.length > 0 ? listing(a.trl.cues.map((c) => `"${c}"`)) : 'the absence of any maturity evidence'} in the description.`,
      `Each further level of the ${a.subject} needs a demonstration in a more demanding environment; in ${a.domain.label.toLowerCase()} one step typically takes ${a.domain.trlStepMonths[0]}-${a.domain.trlStepMonths[1]} months (planning heuristic).`,
    ],
    blocks: [
      table(
        ['Next TRL', 'Demonstration needed', 'Environment', 'Main challenge', 'Effort (range)'],
        next.map((l, i) => [
          `TRL ${l} — ${TRL_LABELS[l]}`,
          nextLevelNeeds(a, l - 1)[0]!,
          l <= 4 ? 'Laboratory' : l <= 6 ? 'Relevant (realistic) environment' : 'Operational environment',
          i === 0 ? `Reproducing the effect of ${components(a, 1)[0] ?? `the ${a.subject}`} reliably` : l >= 7 ? 'Certification and customer integration' : 'Scale and robustness',
          `${kusd(stepCost[0])}-${kusd(stepCost[1])}`,
        ]),
        'Path to the next levels',
      ),
      verify([...a.trl.evidence.slice(0, 2).map((e) => `Documents proving: ${e}`), `Test standards to apply: ${listing(a.domain.standards.slice(0, 3).map(shortName))}.`]),
    ],
    confidence: { level: a.trl.confidence, reason: a.trl.reason },
    next_steps: [
      `Protocol and pass criteria for the TRL ${Math.min(9, level + 1)} demonstration of ${components(a, 1)[0] ?? `the ${a.subject}`}.`,
      `Book the test facility or pilot site needed for it (${a.domain.partners[1] ?? a.domain.partners[0]}).`,
      `A bottom-up budget for the ${a.subject} to TRL ${plan.targetTrl}, against the planning range.`,
    ],
    trl: { level, evidence: a.trl.evidence.slice(0, 4), to_reach_next: nextLevelNeeds(a, level) },
  });
};
