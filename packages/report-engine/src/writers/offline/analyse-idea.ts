/**
 * Reads an idea once and records what every offline section builds on: its name, key terms,
 * domain, maturity, IP cues, users, applications and claims. Pure and deterministic.
 */
import type { ConfidenceLevel } from '../../content/report-content.ts';
import type { DomainApplication, DomainProfile } from './domains.ts';
import { estimateTrl, type TrlEstimate } from './maturity.ts';
import { buildReportPlan, type ReportPlan } from '../../plan/report-plan.ts';
import {
  clip,
  escapeRegExp,
  extractClaims,
  extractKeyTerms,
  extractStatedUsers,
  extractSubject,
  extractTargets,
  splitSentences,
} from './text-analysis.ts';

export interface IpCues {
  /** Statements that a patent application exists. */
  filed: string[];
  /** Statements suggesting public disclosure (papers, talks, open source, sales, crowdfunding). */
  disclosed: string[];
  /** Statements raising ownership questions (university, employer, grant funding, co-inventors). */
  ownership: string[];
}

export interface IdeaAnalysis {
  idea: string;
  sentences: string[];
  /** A short noun phrase naming the technology, e.g. "graphene-coated ceramic membrane". */
  subject: string;
  title: string;
  oneLiner: string;
  keyTerms: string[];
  domain: DomainProfile;
  secondary: DomainProfile | null;
  domainConfidence: ConfidenceLevel;
  /** Cue words of the domain found in the idea. */
  domainCues: string[];
  trl: TrlEstimate;
  ip: IpCues;
  users: string[];
  /** What the technology acts on (what it detects, removes, treats…), from the idea. */
  targets: string[];
  /** Key terms naming parts of the technology itself (not its users or targets). */
  components: string[];
  applications: Array<DomainApplication & { fromIdea: boolean }>;
  /** Measurable or comparative claims about the technology itself (to verify). */
  claims: string[];
  /** Quantitative claims about the problem or market context (to verify). */
  contextClaims: string[];
  problemStatements: string[];
  mechanismStatements: string[];
}

const APPLICATION_CUES: Array<{ pattern: RegExp; name: string; buyer: string }> = [
  { pattern: /\bhospitals?\b|\bclinics?\b|\bicu\b/i, name: 'Hospitals and clinics', buyer: 'hospital procurement and clinicians' },
  { pattern: /\bhouseholds?\b|\bhome(?:s| use)?\b|\bdomestic\b/i, name: 'Households and home use', buyer: 'households, via retail or installers' },
  { pattern: /\brural\b|\bvillages?\b|\boff-grid\b/i, name: 'Rural and off-grid communities', buyer: 'public programmes, NGOs and rural distributors' },
  { pattern: /\bfarms?\b|\bfarmers?\b|\bsmallholders?\b|\bgrowers?\b/i, name: 'Farms and growers', buyer: 'farmers, cooperatives and input dealers' },
  { pattern: /\bfactor(?:y|ies)\b|\bmanufacturing (?:plants?|lines?|sites?|industry|industries|companies|firms)\b|\bproduction lines?\b/i, name: 'Manufacturing plants', buyer: 'plant operations and engineering' },
  { pattern: /\bschools?\b|\bcampus\w*\b/i, name: 'Schools and campuses', buyer: 'institution facilities and procurement' },
  { pattern: /\bcit(?:y|ies)\b|\bmunicipal\w*\b|\burban\b/i, name: 'Cities and municipalities', buyer: 'municipal departments' },
  { pattern: /\butilit(?:y|ies)\b|\bgrid operators?\b/i, name: 'Utilities', buyer: 'utility procurement and engineering' },
  { pattern: /\bwarehous\w*\b|\blogistics\b|\bsupply chains?\b|\bcold chain\b/i, name: 'Logistics, storage and supply chains', buyer: 'logistics and operations managers' },
  { pattern: /\bfleets?\b|\btrucks?\b|\bbuses\b|\bdelivery vehicles?\b/i, name: 'Vehicle fleets', buyer: 'fleet operators' },
  { pattern: /\boffices?\b|\bcommercial buildings?\b/i, name: 'Commercial buildings', buyer: 'facility managers' },
  { pattern: /\brestaurants?\b|\bhotels?\b|\bcanteens?\b/i, name: 'Hospitality and food service', buyer: 'owners and operators' },
  { pattern: /\bretail\w*\b|\bshops?\b|\bsupermarkets?\b/i, name: 'Retail', buyer: 'retail operators' },
  { pattern: /\bdata cent(?:re|er)s?\b/i, name: 'Data centres', buyer: 'data-centre operators' },
  { pattern: /\bmines?\b|\bmining\b/i, name: 'Mining', buyer: 'mine operators' },
  { pattern: /\baquaculture\b|\bfish farms?\b|\bshrimp\b/i, name: 'Aquaculture', buyer: 'fish and shrimp farmers' },
  { pattern: /\blaborator(?:y|ies)\b|\blabs\b/i, name: 'Laboratories', buyer: 'laboratory managers' },
  { pattern: /\belderly\b|\bseniors?\b|\bageing\b|\baging\b/i, name: 'Elderly care', buyer: 'care providers and families' },
  { pattern: /\bconstruction sites?\b|\bbuilders?\b|\bcontractors?\b/i, name: 'Construction', buyer: 'contractors and developers' },
  { pattern: /\bpharmac(?:y|ies)\b/i, name: 'Pharmacies', buyer: 'pharmacy chains' },
  { pattern: /\bsmartphones?\b|\bmobile phones?\b/i, name: 'Smartphone users', buyer: 'consumers, via app stores' },
  { pattern: /\bpackag(?:e|es|ing)\b/i, name: 'Packaging', buyer: 'converters and consumer brands' },
  { pattern: /\bindustr(?:y|ies|ial)\b|\beffluent\b/i, name: 'Industrial users', buyer: 'plant environmental and operations managers' },
];

const PROBLEM = /\b(?:problem|challenge|suffer|lack|lacks|expensive|costly|difficult|inefficien\w*|wast\w*|unsafe|shortage|cannot|unable|limited|slow|contaminat\w*|pollut\w*|losses?|lose|burden|scarce|scarcity|poor|fail\w*|risk of|exposed|bulky|missed|inconvenient|uncomfortable|painful|time-consuming|labou?r-intensive|error-prone|unreliable|inaccurate|dangerous|toxic|harmful)\b|^(?:current(?:ly)?|existing|conventional|traditional|today)\b/i;
const MECHANISM = /\b(?:uses?|using|based on|consists? of|compris\w*|combin\w*|works by|by (?:applying|using|measuring|combining|coating|adding)|through|mechanism|integrat\w*|made (?:of|from)|coated|embedded|via|powered by|driven by|algorithm|process)\b/i;
const IP_FILED = /\b(?:patent (?:application )?(?:filed|pending|granted|applied)|provisional (?:patent|application)|pct application|applied for (?:a )?patent|patented|filed (?:a )?patent)\b/i;
// "published patent applications" (prior art the inventor searched) is not a disclosure of the idea.
const IP_DISCLOSED = /\b(?:publish\w*(?!\s+(?:patents?|patent applications?|prior art|literature|applications?)\b)|paper|journal|conference|presented|thesis|dissertation|preprint|arxiv|poster|exhibit\w*|hackathon|demo day|open[- ]source|github|crowdfund\w*|kickstarter|news|press|sold|selling|launched)\b/i;
const IP_OWNERSHIP = /\b(?:universit(?:y|ies)|institute|iit|college|employer|phd|postdoc|professor|research (?:group|lab)|funded by|grant|government[- ]funded|co-?founders?|co-?inventors?|our team|my team)\b/i;

/** Words that tie a generic application cue to the domain's own, better-described application. */
const APPLICATION_KEYS: Record<string, RegExp> = {
  'Hospitals and clinics': /hospital|clinic/i,
  'Households and home use': /home|household|residential|consumer/i,
  'Rural and off-grid communities': /rural|off-grid|low-resource|smallholder|community/i,
  'Farms and growers': /farm/i,
  'Manufacturing plants': /manufactur|industrial|plant/i,
  Utilities: /utilit|grid/i,
  'Cities and municipalities': /municipal|public/i,
  'Industrial users': /industrial/i,
};

function detectApplications(text: string, domain: DomainProfile): Array<DomainApplication & { fromIdea: boolean }> {
  const out: Array<DomainApplication & { fromIdea: boolean }> = [];
  const found = APPLICATION_CUES.map((a) => ({ a, at: text.search(a.pattern) }))
    .filter((x) => x.at >= 0)
    .sort((x, y) => x.at - y.at);
  for (const { a } of found) {
    // Prefer the domain's own description of the same setting (its buyer is more precise).
    const key = APPLICATION_KEYS[a.name];
    const own = key ? domain.applications.find((d) => key.test(d.name)) : undefined;
    const app = own ?? { name: a.name, buyer: a.buyer };
    if (!out.some((o) => o.name === app.name)) out.push({ ...app, fromIdea: true });
  }
  for (const app of domain.applications) {
    if (out.length >= 5) break;
    const key = app.name.split(' ')[0]!.toLowerCase();
    if (out.some((o) => o.name === app.name || o.name.toLowerCase().includes(key))) continue;
    out.push({ ...app, fromIdea: false });
  }
  return out.slice(0, 6);
}

/** The buyer for an application the inventor named: the field's buyer for the closest application, else its first buyer. */
function primaryBuyerFor(name: string, domain: DomainProfile): string {
  const word = name.toLowerCase().split(/\s+/).find((w) => w.length > 3) ?? '';
  const match = domain.applications.find((d) => word && d.name.toLowerCase().includes(word));
  return match?.buyer ?? domain.buyers[0] ?? 'the named users';
}

function sentencesMatching(sentences: string[], re: RegExp, max: number): string[] {
  return sentences.filter((s) => re.test(s)).slice(0, max).map((s) => clip(s, 240));
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Reads the idea under the report's plan (field, name, TRL fixed there); without one, builds it. */
export function analyseIdea(ideaText: string, reportPlan: ReportPlan = buildReportPlan(ideaText, new Date())): IdeaAnalysis {
  // A pasted title line is not a sentence of the description (plan/pasted-title.ts).
  const idea = reportPlan.description;
  const sentences = splitSentences(idea);
  const field = reportPlan.field;
  const namedLicensees = reportPlan.named.filter((n) => n.kind === 'licensee').map((n) => n.name);
  const domain = namedLicensees.length > 0 ? { ...field.profile, licensees: [...namedLicensees, ...field.profile.licensees] } : field.profile;
  const secondary = null;
  const confidence = field.confidence;
  const cues = field.cues;
  const cueWords = cues.map((c) => c.toLowerCase().split(' ')[0]!);
  const keyTerms = extractKeyTerms(idea, 8, cueWords);
  const fallbackSubject = keyTerms[0] ?? 'the proposed technology';
  const subject = reportPlan.productName ?? (reportPlan.subject || extractSubject(sentences[0] ?? idea, fallbackSubject));
  // The subject leads the key terms so every section names the technology the same way.
  const subjectWords = new Set(subject.toLowerCase().split(/\s+/));
  const overlapsSubject = (t: string) => {
    const words = t.toLowerCase().split(/\s+/);
    return words.filter((w) => subjectWords.has(w)).length * 3 >= words.length * 2;
  };
  // Terms from the sentences that describe the technology (not its problem, evidence or IP)
  // name its components; they lead, multi-word phrases first.
  const descriptive = sentences.filter(
    (s, i) => i === 0 || (MECHANISM.test(s) && !IP_FILED.test(s) && !PROBLEM.test(s) && !/\d/.test(s)),
  );
  // The customers the inventor names lead the users; the licensees they name lead the field's.
  const namedCustomers = reportPlan.named.filter((n) => n.kind === 'customer').map((n) => n.name);
  const users = [...namedCustomers, ...extractStatedUsers(idea).filter((u) => !namedCustomers.some((c) => c.toLowerCase() === u.toLowerCase()))];
  const targets = extractTargets(idea);
  const isContext = (t: string) => {
    const k = t.toLowerCase();
    return (
      users.some((u) => u.toLowerCase().includes(k)) ||
      targets.some((x) => x.toLowerCase().includes(k) || k.includes(x.toLowerCase())) ||
      APPLICATION_CUES.some((c) => c.pattern.test(t))
    );
  };
  // A term the idea introduces as earlier work ("previously described GaN devices") is prior art, not a part of the invention.
  const priorArt = (t: string) =>
    /^(?:previously|conventional|prior|existing|traditional|known)\b/i.test(t) ||
    new RegExp(`\\b(?:previously|conventional|prior[- ]art|existing|traditional|known)\\s+(?:(?:described|known|disclosed|reported)\\s+)?(?:[\\w-]+\\s+)?${escapeRegExp(t)}`, 'i').test(idea);
  // What the process yields ("Substantially pure water is produced via …") is its output, not a part of it.
  const output = /^(.{3,60}?)\s+(?:is|are)\s+(?:produced|obtained|made|generated|prepared)\s+(?:via|by|through|using|from)\b/i.exec(sentences[0] ?? '')?.[1]?.toLowerCase() ?? null;
  const isOutput = (t: string) => output !== null && output.includes(t.toLowerCase());
  // "does not dissolve salt": a phrase led by a verb the idea uses as one is an action, not a part.
  const verbLed = (t: string) => {
    const first = t.split(/\s+/)[0] ?? '';
    return t.includes(' ') && new RegExp(`\\b(?:to|not|does|do|can|will|may)\\s+${escapeRegExp(first)}\\b`, 'i').test(idea);
  };
  // What it is used for (named applications) is not one of its parts either.
  const namedUses = reportPlan.named.filter((n) => n.kind === 'application').map((n) => n.name.toLowerCase());
  const isUse = (t: string) => namedUses.some((u) => u.includes(t.toLowerCase()));
  // "in under ten seconds", "for 3 years": a duration or a share measures it, it is not a part.
  const measure = (t: string) => /\b(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|percent|per cent)$/i.test(t);
  const notAPart = (t: string) => overlapsSubject(t) || priorArt(t) || isOutput(t) || verbLed(t) || isUse(t) || measure(t);
  const componentTerms = extractKeyTerms(descriptive.join('\n'), 6, cueWords)
    .filter((t) => !notAPart(t))
    .sort((x, y) => Number(isContext(x)) - Number(isContext(y)) || Number(y.includes(' ')) - Number(x.includes(' ')));
  const seen = new Set<string>();
  const terms = [subject, ...componentTerms, ...keyTerms.filter((t) => !notAPart(t))]
    .filter((t) => {
      const k = t.toLowerCase();
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .slice(0, 8);
  const claims = extractClaims(sentences);
  const problemStatements = sentencesMatching(sentences, PROBLEM, 3);
  const titleCore = capitalise(subject);
  const purpose = users[0] && !titleCore.toLowerCase().includes(users[0].toLowerCase()) ? ` for ${users[0]}` : '';
  // The inventor's own title, when pasted, names the report; else the product's name or the subject.
  const title = clip(reportPlan.productName ? `${reportPlan.productName}${purpose}` : reportPlan.pastedTitle ?? `${titleCore}${purpose}`, 100);
  const estimated = estimateTrl(sentences);
  const trl: TrlEstimate =
    reportPlan.trl.source === 'stated'
      ? { ...estimated, level: reportPlan.trl.level, evidence: [`Stated by the inventor: “${reportPlan.trl.quote}”`, ...estimated.evidence.filter((e) => e !== reportPlan.trl.quote)].slice(0, 4), confidence: reportPlan.trl.confidence, reason: reportPlan.trl.reason }
      : estimated;
  const named = reportPlan.named.filter((n) => n.kind === 'application').map((n) => ({ name: capitalise(n.name), buyer: primaryBuyerFor(n.name, domain), fromIdea: true }));
  const detected = detectApplications(idea, domain).filter((x) => !named.some((n) => n.name.toLowerCase() === x.name.toLowerCase()));
  return {
    idea,
    sentences,
    subject,
    title,
    oneLiner: clip(sentences[0] ?? idea, 300),
    keyTerms: terms,
    domain,
    secondary,
    domainConfidence: confidence,
    domainCues: cues,
    trl,
    ip: {
      filed:
        reportPlan.statedIp && reportPlan.statedIp.status !== 'none' && !IP_FILED.test(reportPlan.statedIp.quote)
          ? [reportPlan.statedIp.quote, ...sentencesMatching(sentences, IP_FILED, 1)]
          : sentencesMatching(sentences, IP_FILED, 2),
      disclosed: sentencesMatching(sentences, IP_DISCLOSED, 3),
      ownership: sentencesMatching(sentences, IP_OWNERSHIP, 3),
    },
    users,
    targets,
    components: componentTerms.filter((t) => !isContext(t)),
    // The customers the inventor names are the buyers of the first applications.
    applications: [...named, ...detected].slice(0, Math.max(6, named.length)).map((app, i) => (namedCustomers[i] ? { ...app, buyer: namedCustomers[i]! } : app)),
    claims: claims.filter((c) => !problemStatements.includes(c)),
    contextClaims: claims.filter((c) => problemStatements.includes(c)),
    problemStatements,
    mechanismStatements: sentencesMatching(sentences, MECHANISM, 4),
  };
}
