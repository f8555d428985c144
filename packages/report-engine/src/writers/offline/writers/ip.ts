/** Offline writers for the IP sections: snapshot, summary, detailed IP, claims analysis, freedom to operate. */
import { ALTERNATIVES } from '../alternatives.ts';
import { body, bullets, capitalise, confidenceNote, listing, para, quote, table, verify } from '../blocks.ts';
import { inSentence } from '../blocks.ts';
import { COMMON_PATENT_DBS, components, otherTerms, primaryUsers, type SectionWriter } from './context.ts';
import type { IdeaAnalysis } from '../analyse-idea.ts';
import { closestDocuments, priorArtRows } from '../prior-art.ts';
import type { SectionBody } from '../../../content/report-content.ts';
import type { EvidenceItem } from '../../../evidence/evidence.ts';

/** "[P1]–[P5]" style range of the documents of one kind that were found, or null. */
function idRange(evidence: readonly EvidenceItem[], kind: 'patent' | 'work'): string | null {
  const ids = evidence.filter((e) => e.kind === kind).map((e) => e.id);
  if (ids.length === 0) return null;
  return ids.length === 1 ? `[${ids[0]}]` : `[${ids[0]}]–[${ids[ids.length - 1]}]`;
}

/** Adds the prior-art table's rows when the search found documents for this section. */
function withPriorArt(key: 'ip_summary' | 'detailed_ip' | 'freedom_to_operate', evidence: readonly EvidenceItem[], section: SectionBody) {
  const rows = priorArtRows(key, evidence);
  return rows.length > 0 ? { ...section, prior_art: rows } : section;
}

function keywordFamilies(a: IdeaAnalysis): string[] {
  return a.keyTerms.slice(0, 5).map((t) => {
    const words = t.split(' ');
    const head = words[words.length - 1]!;
    return `${t} — variants: "${head}", synonyms of "${head}", and combinations with ${otherTerms(a, 1)[0] ?? 'the application'}`;
  });
}

function disclosureLine(a: IdeaAnalysis): string {
  if (a.ip.disclosed.length > 0) {
    return `The idea mentions a possible disclosure: ${quote(a.ip.disclosed[0]!)} Grace periods are narrow and differ: the US allows 12 months for the inventor's own disclosures (35 U.S.C. 102(b)(1)); Europe has essentially none for ordinary publications; India's exceptions are limited (Patents Act sections 29-31). Review dates with an attorney.`;
  }
  return 'No public disclosure is mentioned. Keep it that way until a filing: papers, theses, conference talks, pitch events, websites, crowdfunding pages and sales offers can all destroy novelty in most countries.';
}

export const ipSnapshot: SectionWriter = ({ a, evidence }) => {
  const terms = components(a, 2);
  const closest = closestDocuments(evidence);
  const found = idRange(evidence, 'patent');
  return body({
    summary: [
      `Candidate protection for the ${a.subject}: product claims on its structure around ${terms[0] ?? 'its core element'}, process claims on making or operating it${terms[1] ? ` (${terms[1]})` : ''}, use claims for ${primaryUsers(a)}. ${a.ip.filed.length > 0 ? `The idea reports a filing: ${quote(a.ip.filed[0]!)}` : 'No filing is reported.'}`,
      disclosureLine(a),
    ],
    blocks: [
      table(
        ['What', 'Type of protection', 'Strength (initial view)', 'Note'],
        [
          [capitalise(a.subject), 'Patent (product / apparatus)', 'Medium if the combination is new', `Infringement visible: ${terms[0] ?? 'its structure'} can be inspected in a bought unit`],
          [`Making or operating it${terms[1] ? ` (${terms[1]})` : ''}`, 'Patent (process) or trade secret', 'Low-medium', `Hard to police: ${terms[1] ?? 'the process'} runs inside others' plants`],
          [`Use for ${primaryUsers(a)}`, 'Patent (use / application)', 'Low-medium', 'Depends on whether the use is obvious'],
          ['Data, recipes, parameters', 'Know-how / trade secret', 'High if kept confidential', 'Needs NDAs and access control'],
        ],
        'What could be protected',
      ),
      ...(closest ? [para(closest)] : []),
      ...(a.domain.ipNotes[0] ? [para(a.domain.ipNotes[0])] : []),
      verify([
        found
          ? `Read the claims of the closest patents found (${found}), then extend the search beyond US patents in ${COMMON_PATENT_DBS}.`
          : `Prior art on ${listing(a.keyTerms.slice(0, 3))} in ${COMMON_PATENT_DBS}.`,
        `Start classification search in ${listing(a.domain.cpc.slice(0, 3))}.`,
        'Non-patent literature: Google Scholar, publisher databases, theses repositories.',
      ], 'Searches to run'),
    ],
    confidence: { level: 'low', reason: 'Patentability cannot be judged before a prior-art search.' },
    next_steps: [
      'Record a dated invention disclosure and keep all project documents confidential.',
      'Run a first free search yourself, then commission a professional novelty search.',
      `A patent attorney sees the ${a.subject} before any publication, pitch or sale.`,
    ],
  });
};

export const ipSummary: SectionWriter = ({ a, evidence }) => {
  const terms = otherTerms(a, 3);
  const closest = closestDocuments(evidence);
  return withPriorArt('ip_summary', evidence, body({
    summary: [
      `The inventive concept as problem and solution: ${a.problemStatements[0] ? quote(a.problemStatements[0]) : `what ${ALTERNATIVES[a.domain.id][0]!.approach.toLowerCase()} cannot do`}, solved by the ${a.subject} using ${listing(terms) || 'its described mechanism'}. Inventive step will turn on whether that combination gives a technical effect the closest prior art does not suggest.`,
      disclosureLine(a),
      ...(closest ? [closest] : []),
    ],
    blocks: [
      table(
        ['Protection route', 'What it covers here', 'Pros', 'Cons'],
        [
          ['Patent', `${capitalise(a.subject)}, its making and its use`, 'Exclusive right; licensable asset', `Cost; published at 18 months; ${terms[0] ?? 'the core'} must be new and inventive`],
          ['Utility model (where available)', 'Simpler device features', 'Faster, cheaper, lower inventive threshold', 'Not available everywhere (e.g. not in India or the US); shorter term'],
          ['Industrial design', 'Visible shape of the product', 'Cheap, quick', 'Does not protect function'],
          ['Trade secret / know-how', 'Process parameters, formulations, data', 'No disclosure, no expiry', 'Lost if leaked or reverse-engineered'],
          ['Copyright', 'Software code and documentation', 'Automatic', 'Does not protect the idea or algorithm'],
        ],
        'Protection routes compared',
      ),
      bullets(keywordFamilies(a), 'Keyword families for the prior-art search'),
      verify([
        ...(a.ip.ownership[0] ? [`Ownership: the idea mentions ${quote(a.ip.ownership[0])} — check the employer's or institution's IP policy and any funding agreement.`] : ['Ownership: confirm no employer, university or funder has rights in the invention.']),
        `Inventorship: everyone who shaped ${components(a, 1)[0] ?? `the ${a.subject}`}.`,
        ...a.ip.disclosed.slice(0, 1).map((d) => `Disclosure date and content of: ${d}`),
      ], 'Ownership and disclosure questions'),
    ],
    confidence: {
      level: 'low',
      reason: closest
        ? 'An automated keyword search found related documents, but patentability needs a professional search and a reading of their claims.'
        : 'Without a search, patentability is an open question; the candidate claims are reasoned from the description.',
    },
    next_steps: [
      'File an invention disclosure with the IP owner (institution or company).',
      `A professional novelty search on the ${a.subject} keyword families above.`,
      a.ip.filed.length > 0 ? 'Decide within the 12-month priority year on PCT or national filings.' : 'Decide on a priority filing (e.g. a provisional or first national application) before any publication.',
    ],
  }));
};

export const detailedIp: SectionWriter = ({ a, evidence }) => {
  const markets = a.applications.slice(0, 2).map((x) => inSentence(x.name));
  const found = [idRange(evidence, 'patent'), idRange(evidence, 'work')].filter((x): x is string => x !== null);
  return withPriorArt('detailed_ip', evidence, body({
    summary: [
      `Claim strategy for the ${a.subject}: lead with product (apparatus or composition) claims on the combination around ${components(a, 1)[0] ?? 'the core element'}, add method claims for making and operating it, and use claims for ${primaryUsers(a)}; keep narrower fallback features in dependent claims.`,
      `Countries follow where ${listing(markets) || `the ${a.subject}`} will be made, sold and copied; a PCT filing keeps them open to month 30/31 while evidence on ${components(a, 1)[0] ?? 'the core effect'} is raised.`,
    ],
    blocks: [
      table(
        ['Jurisdiction', 'Why', 'Timing', 'Note'],
        [
          ['Home country (first filing)', 'Priority date; low cost', 'Month 0', a.ip.filed.length > 0 ? 'Reported as done — confirm date' : 'Before any disclosure'],
          ['PCT international application', 'Defers national costs', 'By month 12', `Search report: an early view on ${components(a, 1)[0] ?? 'the core element'}`],
          ['Main sales markets', `Where ${listing(markets)} customers are`, 'National phase at month 30/31', 'Budget the largest costs here'],
          ['Main manufacturing locations', 'Where copies would be made', 'National phase at month 30/31', 'Check where competitors manufacture'],
        ],
        'Filing plan',
      ),
      bullets(
        [
          `Databases: ${COMMON_PATENT_DBS}; plus Google Scholar for non-patent literature.`,
          `Classification: start from ${listing(a.domain.cpc)}.`,
          `Keywords: ${listing(a.keyTerms.slice(0, 5))} and their synonyms.`,
          `Citations: follow forward and backward citations of the closest documents${found.length ? ` found (${listing(found)})` : ''}.`,
          'Applicants: list the most frequent applicants — a first, verifiable view of who is active.',
        ],
        'Prior-art search plan',
      ),
      ...a.domain.ipNotes.slice(0, 2).map((n) => para(n)),
      verify(['Employment, university or funding agreements that assign rights.', 'Contributions of co-inventors and collaborators.', 'Any prior sale, offer or public use.'], 'Ownership questions'),
    ],
    confidence: { level: 'low', reason: 'Claim scope depends on the prior art, which has not been searched.' },
    next_steps: [
      'Commission the search above and review the closest five documents with the attorney.',
      `Claim themes for the ${a.subject} drafted with the attorney from those results.`,
      'Budget national-phase costs for the main markets (obtain quotes).',
    ],
  }));
};

export const claimsAnalysis: SectionWriter = ({ a }) => {
  const terms = components(a, 4);
  return body({
    summary: [
      `Three independent claim themes are plausible for the ${a.subject}. The product theme is usually strongest because infringement is visible in products on sale; the method theme protects the way ${terms[0] ?? 'the core element'} is made or used; a use theme covers applying it for ${primaryUsers(a)}.`,
    ],
    blocks: [
      table(
        ['Claim theme', 'Type', 'Key features', 'Strength', 'Infringement detectability'],
        [
          [`${capitalise(a.subject)} comprising ${terms[0] ?? 'the core element'}${terms[1] ? ` and ${terms[1]}` : ''}`, 'Independent — product', 'The combination that gives the technical effect', 'Potentially strongest', 'High: products can be bought and analysed'],
          [`Method of making or operating the ${a.subject}`, 'Independent — method', `Steps producing ${terms[0] ?? 'the effect'}`, 'Medium', 'Low-medium: happens inside factories'],
          [`Use of the ${a.subject} for ${primaryUsers(a)}`, 'Independent — use / system', 'Application-specific configuration', 'Medium-low', 'Medium'],
          ...terms.slice(1, 4).map((t) => [`Wherein ${t} has a specified form or range`, 'Dependent', t, 'Fallback', 'Depends on the feature']),
        ],
        'Claim themes',
      ),
      verify([`Claims on the ${a.subject} are drafted by a registered patent attorney after a prior-art search; these are themes to brief them with.`], 'Important'),
      confidenceNote('low', `Unknown until the closest prior art on ${components(a, 1)[0] ?? `the ${a.subject}`} is found.`, 'Confidence in the strongest theme'),
    ],
    confidence: { level: 'low', reason: 'No prior art has been reviewed.' },
    next_steps: [
      'Give the attorney: the problem-solution statement, all embodiments and variants, and any data showing the technical effect.',
      `Which features of the ${a.subject} a competitor would have to copy: those go in the claims.`,
    ],
  });
};

export const freedomToOperate: SectionWriter = ({ a, evidence }) => {
  const terms = components(a, 3);
  const found = idRange(evidence, 'patent');
  return withPriorArt('freedom_to_operate', evidence, body({
    summary: [
      `Could making and selling the ${a.subject} infringe in-force patents in its launch markets? Exposure is most likely around established building blocks (${listing(terms) || 'the components it relies on'}) and manufacturing processes used in ${a.domain.label.toLowerCase()}.`,
      'Only in-force patents in the countries of manufacture and sale matter; expired or lapsed patents and those in other countries are free to use there.',
      ...(found ? [`The US patents the search found (${found}) are a starting point only: their legal status and claims decide whether they matter.`] : []),
    ],
    blocks: [
      table(
        ['Area of exposure', 'Why', 'Jurisdictions', 'Search to run', 'Design-around idea'],
        [
          ...terms.slice(0, 3).map((t) => [capitalise(t), 'Building block likely patented by others', 'Launch and manufacturing countries', `In-force patents claiming ${t}`, `Design-around for ${t}, or a licence`]),
          ['Manufacturing process', 'Process patents of equipment or material suppliers', 'Manufacturing country', 'Process claims in the relevant CPC groups', 'Buy from licensed suppliers'],
          ['Software or standards (if any)', 'Standard-essential or software patents', 'US, EU and launch markets', 'Standards bodies\' declarations; software patents', 'Licence under FRAND terms or avoid the feature'],
        ],
        'FTO exposure map',
      ),
      verify([`An FTO opinion on the ${a.subject}: a patent attorney reviews claims and legal status, country by country, using ${COMMON_PATENT_DBS}.`], 'Important'),
    ],
    confidence: { level: 'low', reason: 'No FTO search has been made; exposure is reasoned from the type of technology.' },
    next_steps: [
      'Scope an FTO search for the first launch market and manufacturing country; obtain two quotes.',
      `Record alternatives to ${listing(terms.slice(0, 2)) || 'each building block'} now, while the design is flexible.`,
    ],
  }));
};
