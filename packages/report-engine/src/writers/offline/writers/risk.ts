/** Offline writer for the risk register (plotted on the 5×5 matrix). */
import { body, bullets } from '../blocks.ts';
import { type SectionWriter } from './context.ts';

export const risks: SectionWriter = ({ a, risks: register }) => {
  const ranked = [...register].sort((x, y) => y.likelihood * y.impact - x.likelihood * x.impact);
  const top = ranked.slice(0, 3);
  return body({
    summary: [
      `The register lists ${register.length} risks for the ${a.subject} across technical, market, IP, regulatory, team and funding categories, scored for likelihood and impact on 1-5 scales consistent with the maturity estimate (TRL ${a.trl.level}).`,
      `The highest scores are: ${top.map((r) => `${r.risk.charAt(0).toLowerCase()}${r.risk.slice(1)} (${r.likelihood}×${r.impact})`).join('; ')}.`,
    ],
    blocks: [
      bullets(top.map((r) => `${r.risk}: retire it by — ${r.mitigation}`), 'Top three risks and how to retire them'),
    ],
    confidence: { level: 'medium', reason: 'Categories and mitigations are standard for the domain; scores are judgements from the description and should be revisited after the first tests.' },
    next_steps: [
      `Start now on the highest-scoring risk: ${top[0]?.mitigation ?? 'define mitigations'}`,
      'Assign an owner to every risk and review scores monthly.',
    ],
    risks: register,
  });
};
