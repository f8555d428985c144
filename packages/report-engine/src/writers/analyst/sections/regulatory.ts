/** Which rules apply to this invention, and the route through them. */
import type { SectionBody } from '../../../content/report-content.ts';
import { body, bullets, table, toFindOut } from '../parts.ts';
import type { SectionInput } from './section-input.ts';

export function regulatory({ facts }: SectionInput): SectionBody {
  const rows = facts.regimes.map((x) => [x.name, x.trigger ? `${x.why} (${x.trigger})` : x.why, x.implication]);
  return body({
    summary: [
      rows.length
        ? `${rows.length} regime${rows.length === 1 ? '' : 's'} for ${facts.named}; first: ${facts.regimes[0]!.short}.`
        : `Regulated uses of ${facts.named}: none in the record.`,
    ],
    blocks: [
      rows.length
        ? table(['Regime (to verify)', 'Why', 'What it means'], rows)
        : toFindOut(['Does the first application touch health, food, water, radio, vehicles or data?']),
      ...(facts.standards.length ? [bullets(facts.standards, 'Standards (to verify)')] : []),
    ],
    confidence: { level: rows.length ? 'medium' : 'low', reason: 'Scope and class need an adviser.' },
    next: [facts.regimes[0] ? `Confirm scope and class: ${facts.regimes[0].short}.` : 'Confirm no regime applies.'],
  });
}

export function regulatoryPathways({ facts }: SectionInput): SectionBody {
  const steps = facts.regimes.slice(0, 4).map((x, i) => [String(i + 1), x.short, x.implication]);
  return body({
    summary: [
      steps.length ? `Route for ${facts.named}, in the order a first product meets it.` : `No route needed for ${facts.named} as recorded.`,
    ],
    blocks: [
      steps.length ? table(['Step', 'Regime', 'What to do'], steps, 'Route') : toFindOut(['First market and use.']),
      ...(facts.tests.length ? [bullets(facts.tests, 'Tests on the route')] : []),
    ],
    confidence: { level: 'low', reason: 'Depends on class and laboratory quotes.' },
    next: [facts.standards[0] ? `Quote for ${facts.standards[0]} from two laboratories.` : 'Ask two laboratories for quotes.'],
  });
}
