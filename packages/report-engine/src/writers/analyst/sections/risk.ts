/** The risk register: what could go wrong for this invention, and what to do about it (the PDF draws the table from the data). */
import type { Risk, SectionBody } from '../../../content/report-content.ts';
import { documentLabel, targetName, type FeatureChart } from '../../../evidence/feature-chart.ts';
import { clip, listing } from '../../../text/normalise.ts';
import { body, toFindOut } from '../parts.ts';
import type { SectionInput } from './section-input.ts';

/** The IP risk the feature chart shows: novelty lost to a document, or claims narrowed to what remains new. */
function priorArtRisk(chart: FeatureChart | null): Risk[] {
  const top = chart?.documents[0];
  if (!chart || !top) return [];
  const n = chart.targets.length;
  const doc = documentLabel(top.item);
  if (top.yes === n) {
    return [
      {
        risk: clip(`Novelty: ${doc} discloses every feature charted`, 300),
        category: 'ip',
        likelihood: 4,
        impact: 5,
        mitigation: 'State what it adds as a feature; search that before filing.',
      },
    ];
  }
  const left = chart.remaining.map(targetName);
  return [
    {
      risk: clip(`Claims narrowed by ${doc}, disclosing ${top.yes} of ${n} features`, 300),
      category: 'ip',
      likelihood: top.yes * 2 >= n ? 4 : 3,
      impact: 4,
      mitigation: clip(left.length ? `Centre the claims on ${listing(left)}.` : 'Claim the combination; argue why it is not obvious.', 400),
    },
  ];
}

export function risks({ facts, chart }: SectionInput): SectionBody {
  const register = [...priorArtRisk(chart), ...facts.risks].slice(0, 10);
  const top = [...register].sort((a, b) => b.likelihood * b.impact - a.likelihood * a.impact)[0]!;
  return body({
    summary: [`${register.length} risks for ${facts.named}; largest: ${top.risk.charAt(0).toLowerCase()}${top.risk.slice(1)}.`],
    blocks: [toFindOut(facts.unknowns.slice(0, 3), 'Risks that come from what is not known')],
    confidence: { level: 'low', reason: 'Judged 1–5 on the record.' },
    next: [top.mitigation],
    risks: register,
  });
}
