/** Offline writers for market and business sections. No market sizes: methods, inputs and where to verify. */
import { ALTERNATIVES } from '../alternatives.ts';
import { clip } from '../text-analysis.ts';
import { assumptions, body, bullets, capitalise, confidenceNote, kusd, listing, para, table, verify } from '../blocks.ts';
import { inSentence } from '../blocks.ts';
import { beachhead, components, otherTerms, primaryUsers, termsText, trlText, type SectionWriter } from './context.ts';

export const fit: SectionWriter = ({ a, reportPlan }) => {
  const early = a.trl.level <= 4;
  const namedCustomers = reportPlan.named.filter((n) => n.kind === 'customer').map((n) => n.name);
  return body({
    summary: [
      `At ${trlText(a.trl.level)}, the ${a.subject} suits ${early ? 'early funders (grants, research partners, angels)' : 'strategic partners, sector investors and licensees ready to pilot'}. The best-fit licensee type is ${a.domain.licensees[0]}, because they already sell to ${beachhead(a).buyer} and can absorb ${termsText(a, 2)} into an existing line.`,
    ],
    blocks: [
      table(
        ['Counterparty type', 'Why it fits', 'What they need to see', 'Typical deal form'],
        [
          ...a.domain.licensees.slice(0, 3).map((l, i) => [
            capitalise(l),
            i === 0 ? `Existing channel to ${beachhead(a).buyer}` : 'Adjacent product line or capability',
            early ? 'Reproduced results and a filed patent application' : 'Pilot data and a clear cost advantage',
            i === 0 ? 'Licence or joint development' : 'Joint development or supply agreement',
          ]),
          ['Grant bodies and public programmes', 'Fund early technical risk', 'A clear work plan to the next TRL', 'Non-dilutive grant'],
          ['Angels and sector-specialist seed funds', `Back ${a.domain.label.toLowerCase()} teams early`, 'Team, evidence, IP position, milestone plan', 'Equity or convertible'],
          ['Corporate venture arms / strategic investors', 'Option on the technology', 'Strategic fit and pilot results', 'Minority investment with commercial terms'],
        ],
        'Who this suits',
      ),
      ...(namedCustomers.length > 0
        ? [bullets(namedCustomers.map((c) => `${capitalise(c)}: named by the inventor as customers; a licensee or partner that already sells to them is the first to approach.`), 'Customers the inventor names')]
        : []),
      verify([
        `Targets for the ${a.subject}: top patent applicants in ${a.domain.cpc[0] ?? 'the field'}; trade-fair exhibitors; association members.`,
        'Each target\'s current products and licensing history (annual reports, press releases).',
      ], 'Building a named target list'),
    ],
    confidence: { level: 'medium', reason: `The counterparty types follow from the domain (${a.domain.label.toLowerCase()}) and TRL; specific interest must be tested.` },
    next_steps: [
      `10-20 makers or buyers of ${components(a, 1)[0] ?? `products like the ${a.subject}`}, listed.`,
      `Prepare a non-confidential one-pager on the ${a.subject} (benefit, evidence, IP status, ask).`,
      'Approach the top five once a filing is in place.',
    ],
  });
};

export const marketSignals: SectionWriter = ({ a }) => {
  const regime = a.domain.regimes[0]?.name ?? 'the applicable regulation';
  return body({
    summary: [
      `Demand for the ${a.subject} would show in ${a.domain.regimes[0] ? `rules such as ${a.domain.regimes[0].name.split('(')[0]!.trim()}` : 'regulation'}, cost pressure on ${beachhead(a).buyer}, spending on ${ALTERNATIVES[a.domain.id][0]!.approach.toLowerCase()} and public funding. None is asserted here as fact: each has where to check it.`,
    ],
    blocks: [
      table(
        ['Signal', 'Type', 'Why it matters here', 'Status', 'Where to verify'],
        [
          [`Requirements under ${regime.split('(')[0]!.trim()}`, 'Regulation', `May require what the ${a.subject} delivers, or raise the cost of ${ALTERNATIVES[a.domain.id][0]!.approach.toLowerCase()}`, 'To verify', 'Regulator guidance and official journals'],
          [`Cost pressure on ${beachhead(a).buyer}`, 'Economics', `Buyers pay for ${termsText(a, 2)} only if it lowers cost or risk`, 'To verify', 'Interviews; procurement data'],
          [`Spending on ${ALTERNATIVES[a.domain.id][0]!.approach.toLowerCase()}`, 'Adjacent products', `Buyers already pay for what the ${a.subject} would replace`, 'To verify', a.domain.marketSources[1] ?? 'Industry associations'],
          ['Public programmes and funding calls in the area', 'Policy', 'Signals priority and can fund pilots', 'To verify', 'Funders\' call pages'],
          ...a.contextClaims.slice(0, 1).map((c) => [clip(c, 120), 'Stated in the idea', 'May indicate need', 'To verify', 'Original data source']),
        ],
        'Demand signals',
      ),
      bullets([
        `Makers of ${ALTERNATIVES[a.domain.id][0]!.approach.toLowerCase()} cut prices once the ${a.subject} appears.`,
        `${capitalise(beachhead(a).buyer)} value ${termsText(a, 1)} but lack budget or authority to buy.`,
      ], 'Counter-signals to watch'),
    ],
    confidence: { level: 'low', reason: 'No market data has been reviewed; signals are the ones to check.' },
    next_steps: [
      `Desk research on ${listing(a.domain.marketSources.slice(0, 3))}.`,
      `5-10 conversations with ${beachhead(a).buyer}: what they pay today for ${ALTERNATIVES[a.domain.id][0]!.approach.toLowerCase()}, and what would make them switch.`,
    ],
  });
};

export const competitors: SectionWriter = ({ a }) => {
  const alts = ALTERNATIVES[a.domain.id];
  return body({
    summary: [
      `The ${a.subject} competes with what ${primaryUsers(a)} use today: ${listing(alts.slice(0, 3).map((x) => x.approach.toLowerCase()))}. They are described by type; the players in each are named only from verifiable sources.`,
      `Where it can win: on the specific advantages of ${termsText(a, 2)}, if proven. Where it may lose: on track record, certification and price until volumes grow.`,
    ],
    blocks: [
      table(
        ['Approach', 'How it works', 'Strengths', 'Weaknesses', 'This idea compared'],
        alts.map((alt) => [
          alt.approach,
          alt.how,
          alt.strengths,
          alt.weaknesses,
          alt.approach.startsWith('Status quo') ? 'Must show savings larger than switching effort' : alt.approach.startsWith('In-house') ? 'Protect with IP; move first to reference customers' : `Wins only if ${components(a, 1)[0] ?? `the ${a.subject}`} is proven better`,
        ]),
        'Competitor matrix (by type)',
      ),
      verify([
        `Who supplies each alternative to the ${a.subject}: catalogues, trade fairs, award notices, applicants in ${a.domain.cpc[0] ?? 'the field'}.`,
        'Their prices and performance data, from datasheets or quotes.',
      ], 'Naming the players'),
    ],
    confidence: { level: 'medium', reason: 'Alternative approaches are well understood by type; the comparison on performance and price is unverified.' },
    next_steps: [
      `Two datasheets per alternative to the ${a.subject}, compared on ${components(a, 1)[0] ?? 'the headline metric'}.`,
      'Ask three potential buyers which alternative they would compare this with.',
    ],
  });
};

export const businessCase: SectionWriter = ({ a, plan }) => {
  return body({
    summary: [
      `Someone pays for the ${a.subject} when its value to them exceeds its price plus switching cost. For ${beachhead(a).buyer}, the value equation is: (cost of the problem today − cost with the ${a.subject}) × units or sites affected. A value-based price captures a share of that saving; the share and the inputs below are assumptions to replace with interview data.`,
      `Why now: ${a.domain.regimes[0] ? `regulatory pressure (${a.domain.regimes[0].name.split('(')[0]!.trim()}) and ` : ''}cost pressure on today's approach are the usual triggers in ${a.domain.label.toLowerCase()}; they must be evidenced for this idea.`,
    ],
    blocks: [
      table(
        ['Value driver', 'Mechanism', 'Assumption', 'How to verify'],
        [
          ['Direct cost saving', `${capitalise(otherTerms(a, 1)[0] ?? a.subject)} lowers operating or material cost`, 'Saving per unit to be measured', 'Pilot measurement against baseline'],
          ['Avoided risk or penalty', 'Compliance or failure risk reduced', 'Probability × cost of the event', 'Buyer\'s incident and compliance records'],
          ['Time or labour saved', 'Faster or simpler process', 'Hours saved × loaded labour rate', 'Timed trials'],
          ['New revenue for the buyer', 'Better product or service', 'Price premium or volume gain', 'Buyer\'s sales data'],
        ],
        'Value equation',
      ),
      assumptions([
        `Value-based: 20-40% of what the ${a.subject} saves ${beachhead(a).buyer} a year (a heuristic to test).`,
        `Planning placeholder: ${kusd(plan.revenuePerAccountKusd)} revenue per customer account per year — replace with price × volume from interviews.`,
        `Switching to the ${a.subject} (training, integration, approvals) must pay back within the first year's saving.`,
      ]),
    ],
    confidence: { level: 'low', reason: 'Value and price inputs are unverified assumptions.' },
    next_steps: [
      'Fill the value equation with two or three buyers using their own numbers.',
      `Three price points for the ${a.subject} tested in interviews: cost-plus, value-based, subscription.`,
    ],
  });
};

export const marketCompetition: SectionWriter = ({ a }) => {
  const segs = a.applications.slice(0, 4);
  return body({
    summary: [
      `The market for the ${a.subject} splits into segments by buyer and use case. Each is sized by a stated method rather than a quoted figure: bottom-up (number of buyers × units each × price) cross-checked top-down (share of a reported spending category).`,
      `Competitive dynamics: incumbents in ${a.domain.label.toLowerCase()} control channels and certifications; a newcomer with ${termsText(a, 2)} enters where ${components(a, 1)[0] ?? 'its advantage'} matters most, then partners for scale.`,
    ],
    blocks: [
      table(
        ['Segment', 'Buyer', 'Sizing method', 'Inputs to verify'],
        segs.map((s) => [s.name, capitalise(s.buyer), 'Bottom-up: buyers × units per buyer × price', `Buyer count (${a.domain.marketSources[0] ?? 'statistics'}); units; price from interviews`]),
        'Segments and sizing method',
      ),
      bullets([
        'Incumbent response: price cuts or copying the feature — mitigate with IP and speed.',
        `Incumbents gain from the cost of switching to the ${a.subject}.`,
        'Channel control: distributors may prefer established brands — partner rather than fight.',
        'Substitutes: alternative approaches listed in the competitor matrix.',
      ], 'Competitive dynamics'),
      assumptions([`No figures for the ${a.subject}'s market are given: each input above is to be sourced and dated.`]),
    ],
    confidence: { level: 'medium', reason: `Segment priority follows the users named in the idea (${primaryUsers(a)}); sizes are not estimated.` },
    next_steps: [
      'Acquire the buyer-count data for the first segment.',
      'Obtain three price points from quotes or interviews.',
      'Cross-check with one top-down source.',
    ],
  });
};

export const marketAnalysis: SectionWriter = ({ a, plan }) => {
  const seg = beachhead(a);
  return body({
    summary: [
      `Sizing for the ${a.subject} is shown as a model with every input stated, because no verified data was provided. Bottom-up: serviceable market = number of ${seg.buyer} that have the problem × share reachable through the chosen channel × annual spend per buyer. Top-down: the reported spend on ${ALTERNATIVES[a.domain.id][0]!.approach.toLowerCase()} × the share the ${a.subject} could replace.`,
      `The two methods rarely agree at first; the gap shows which input is weakest. Buyers counted in N must be ones for whom ${termsText(a, 2)} solve a problem they already pay for.`,
    ],
    blocks: [
      table(
        ['Input', 'Value (assumption)', 'Basis', 'Source to verify'],
        [
          [`Number of ${seg.buyer} with the problem`, 'N (to find)', 'Sector statistics', a.domain.marketSources[0] ?? 'National statistics'],
          ['Share reachable in 5 years', '5-15% (planning range)', `Early adopters of the ${a.subject}; to test`, 'Channel partner interviews'],
          ['Annual spend per buyer', `${kusd(plan.revenuePerAccountKusd)} (planning placeholder)`, 'Replace with price × volume', 'Interviews and quotes'],
          ['Top-down spend category', 'S (to find)', 'Reported spending on today\'s approach', a.domain.marketSources[1] ?? 'Industry association data'],
          ['Replaceable share of that spend', '1-5% (planning range)', 'Conservative substitution assumption', 'Competitor matrix and pilots'],
        ],
        'Sizing model inputs',
      ),
      para('TAM/SAM/SOM should be reported only once N and S are sourced: TAM = all buyers × spend; SAM = buyers reachable with the product and channel; SOM = the share won in five years.'),
      assumptions([`Ranges for the ${a.subject} are heuristics, not market data; US dollars, nominal.`]),
    ],
    confidence: { level: 'low', reason: 'Inputs N and S are not yet sourced.' },
    next_steps: [
      `Source N for ${inSentence(seg.name)} and S from the listed sources.`,
      'Run the model with low/base/high inputs and report the range, not a point.',
    ],
  });
};

export const businessModels: SectionWriter = ({ a }) => {
  const models = a.domain.businessModels;
  return body({
    summary: [
      `Revenue models that fit the ${a.subject} and its ${termsText(a, 2)}: ${listing(models.slice(0, 4))}. Preferred at ${trlText(a.trl.level)}: the least capital before revenue, paid the way ${beachhead(a).buyer} prefer.`,
    ],
    blocks: [
      table(
        ['Model', 'How money is made here', 'Capital need', 'Margin profile', 'Fit'],
        models.slice(0, 5).map((m, i) => [
          capitalise(m),
          `${capitalise(a.subject)} ${/licen/i.test(m) ? 'licensed to a manufacturer for royalties' : /service|subscription|as-a-service|per /i.test(m) ? 'sold as a recurring service' : 'sold as a product'}`,
          /licen/i.test(m) ? 'Low' : /service|subscription|as-a-service/i.test(m) ? 'Medium (fleet or platform)' : 'Medium-high (inventory, production)',
          /licen/i.test(m) ? 'High margin, low share of value' : /service|subscription/i.test(m) ? 'Recurring, builds over time' : `${a.domain.grossMarginPct[0]}-${a.domain.grossMarginPct[1]}% gross margin to test`,
          i === 0 ? 'Default for the domain' : 'Option',
        ]),
        'Revenue models compared',
      ),
      confidenceNote('medium', `Standard ${a.domain.label.toLowerCase()} models; what ${beachhead(a).buyer} prefer is untested.`, 'Confidence in the preferred model'),
    ],
    confidence: { level: 'medium', reason: 'Domain-standard models; preference must be tested with buyers.' },
    next_steps: [
      `The preferred model tested in a paid pilot of the ${a.subject}.`,
      'Model cash needs for the top two models side by side.',
    ],
  });
};

export const goToMarket: SectionWriter = ({ a }) => {
  const seg = beachhead(a);
  const channel = /licen/i.test(a.domain.businessModels[0] ?? '') ? 'a licensee' : 'direct sales for pilots, then a channel partner';
  return body({
    summary: [
      `First customers: ${seg.buyer} in ${inSentence(seg.name)}, reached through ${channel}. The offer: a measured pilot of the ${a.subject}, success judged on ${components(a, 1)[0] ?? 'its headline metric'}, priced at cost and convertible into a supply or licence agreement.`,
      `Pricing approach: value-based, anchored on the buyer's measured saving, with a pilot price below list to reduce the buyer's risk.`,
    ],
    blocks: [
      table(
        ['Milestone', 'Target', 'Evidence of success'],
        [
          ['First pilot signed', `One pilot customer among ${seg.buyer}`, 'Signed agreement with metrics'],
          ['Pilot results', `Claimed benefit of ${otherTerms(a, 1)[0] ?? 'the technology'} reproduced on site`, 'Independent measurement report'],
          ['Reference customers', 'Three paying customers', 'Repeat orders or expansions'],
          ['Channel partner', 'One distributor, integrator or licensee', 'Signed agreement'],
          ['Repeatable sales', 'Sales without founder involvement', 'Pipeline and conversion data'],
        ],
        'Go-to-market milestones',
      ),
      bullets([
        `Sales cycle: ${a.domain.salesCycle}.`,
        `Partners: ${listing(a.domain.partners.slice(0, 3))}.`,
        `Channel options: ${listing(a.domain.licensees.slice(0, 3))}.`,
      ], 'Channel notes'),
    ],
    confidence: { level: 'medium', reason: 'Channel choice follows the domain\'s usual routes; first-customer interest is untested.' },
    next_steps: [
      `Draft the pilot proposal for ${seg.buyer}: scope, metrics, price, duration.`,
      `Sent to the first three ${beachhead(a).buyer} on the target list.`,
    ],
  });
};
