/** Offline writer for the risk register (plotted on the 5×5 matrix). */
import { body, bullets, inSentence } from '../blocks.ts';
import { components, type SectionWriter } from './context.ts';

export const risks: SectionWriter = ({ a, risks: register }) => {
  const ranked = [...register].sort((x, y) => y.likelihood * y.impact - x.likelihood * x.impact);
  const top = ranked.slice(0, 3);
  return body({
    summary: [
      `${register.length} risks for the ${a.subject} at TRL ${a.trl.level}, scored for likelihood and impact.`,
      `Highest: ${top.map((r) => `${inSentence(r.risk)} (${r.likelihood}×${r.impact})`).join('; ')}.`,
    ],
    blocks: [
      bullets(top.map((r) => `${r.risk}: retire it by — ${r.mitigation}`), `Top risks to the ${a.subject}, and how to retire them`),
    ],
    confidence: { level: 'medium', reason: `Scored from the description alone; revisit once ${components(a, 1)[0] ?? `the ${a.subject}`} is tested.` },
    next_steps: [
      `Start now on the highest-scoring risk: ${top[0]?.mitigation ?? 'define mitigations'}`,
      `An owner per risk to the ${a.subject}; scores reviewed monthly.`,
    ],
    risks: register,
  });
};
