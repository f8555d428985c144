/** Offline writers for the regulatory sections. Regime names are real; timings and costs are ranges to verify. */
import { assumptions, body, bullets, listing, para, table, verify, shortName } from '../blocks.ts';
import { inSentence } from '../blocks.ts';
import { beachhead, fieldPhrase, otherTerms, secondaryNote, termsText, type SectionWriter } from './context.ts';

export const regulatory: SectionWriter = ({ a }) => {
  const note = secondaryNote(a);
  return body({
    summary: [
      `As ${fieldPhrase(a, 'product')}, the ${a.subject} is likely to fall under ${listing(a.domain.regimes.slice(0, 2).map((r) => r.name.split('(')[0]!.trim()))}. Which rules apply depends on the exact claims made for it and on the launch markets; the classification below is a starting hypothesis to confirm.`,
      ...(note ? [note] : []),
    ],
    blocks: [
      table(
        ['Regime', 'Why it applies', 'What it requires', 'Effect on time/cost', 'Status'],
        a.domain.regimes.map((r) => [r.name, r.scope, r.implication, 'Adds testing and documentation before sale', 'To verify']),
        'Regimes that plausibly apply',
      ),
      bullets(a.domain.standards, 'Test standards to check'),
      verify([
        'Classification of the product in each launch market, confirmed in writing by the regulator, a notified body or an accredited test laboratory.',
        `Whether a claim about ${otherTerms(a, 1)[0] ?? 'the benefit'} puts the ${a.subject} in a stricter category.`,
      ]),
    ],
    confidence: { level: a.domainConfidence === 'high' ? 'medium' : 'low', reason: `The domain was recognised with ${a.domainConfidence} confidence from the idea's vocabulary; classification depends on details not in the description.` },
    next_steps: [
      `Request a classification opinion or pre-submission meeting for the first market (${inSentence(beachhead(a).name)}).`,
      `A laboratory quote to test the ${a.subject} to the first standard listed.`,
    ],
  });
};

export const regulatoryPathways: SectionWriter = ({ a }) => {
  const high = a.domain.capitalIntensity === 'high';
  const steps = [
    ['Quality management system', a.domain.standards.find((s) => /iso (9001|13485|22000)|gmp|iatf/i.test(s)) ?? 'ISO 9001 or sector QMS', high ? '6-12 months' : '3-6 months', high ? 'USD 30k-100k' : 'USD 10k-40k', 'Consultant and certification-body quotes'],
    ['Pre-compliance and design testing', shortName(a.domain.standards[0] ?? 'Category standards'), '1-3 months', 'USD 5k-30k', 'Laboratory quotes'],
    ['Formal type testing / performance evaluation', listing(a.domain.standards.slice(0, 2).map(shortName)), high ? '3-9 months' : '1-4 months', high ? 'USD 50k-250k' : 'USD 10k-60k', 'Accredited laboratory quotes'],
    ['Technical file or dossier', a.domain.regimes[0]?.name.split('(')[0]!.trim() ?? 'Applicable regime', '2-6 months', 'Internal effort plus review', 'Regulatory consultant'],
    ['Conformity assessment or approval', high ? 'Notified body / regulator review' : 'Self-declaration or third-party certification', high ? '6-18 months' : '1-3 months', high ? 'USD 50k-300k' : 'USD 5k-30k', 'Body\'s fee schedule'],
    ['Post-market duties', 'Vigilance, surveillance, renewals', 'Ongoing', 'Annual budget', 'Regime guidance'],
  ];
  return body({
    summary: [
      `The likely route for the ${a.subject} runs through a quality system, testing to ${shortName(a.domain.standards[0] ?? 'category standards')}, a technical file and the conformity assessment of ${a.domain.regimes[0]?.name.split('(')[0]!.trim() ?? 'the applicable regime'}. Time and cost ranges below are planning ranges with their basis, to be replaced by quotes.`,
      `What ${termsText(a, 2)} is claimed to do decides the route; a stronger claim on the ${a.subject}, a stricter route.`,
    ],
    blocks: [
      table(['Step', 'Body / standard', 'Time (range)', 'Cost (range)', 'Basis'], steps, 'Regulatory route'),
      assumptions([
        `Planning ranges for a small ${a.domain.label.toLowerCase()} company, not fee schedules: quotes replace them.`,
        high ? 'Higher-risk classes need more clinical, field or safety evidence than shown.' : `Assumed: a lower-risk class for the ${a.subject}; a stricter one adds time and cost.`,
      ]),
      para(a.domain.regimes.map((r) => `${r.name}: ${r.implication}`).join(' ')),
      verify(['Classification in each market.', 'Current fees of the notified body, certification body or regulator.', 'Lead times of accredited laboratories.']),
    ],
    confidence: { level: 'low', reason: 'Classification is unconfirmed; ranges are planning heuristics.' },
    next_steps: [
      'Hold a classification call with a regulatory consultant for the first market.',
      'Obtain two laboratory quotes for the type tests.',
      'Start the quality-system documentation alongside development, not after.',
    ],
  });
};
