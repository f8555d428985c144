/**
 * The field of an invention, from a wide taxonomy, decided once per report. What the invention
 * IS weighs more than what it acts on: cue words inside the product's own noun phrase (the
 * subject of the first sentence) count three times, so a tester OF batteries is test and
 * measurement, not energy storage. When the best two fields are close and not neighbours, the
 * field is uncertain and the report stays field-neutral (no standards, baselines or applications
 * of a field it may not belong to).
 */
import type { InventionFieldId, RecordField } from '@assay/shared';
import type { ConfidenceLevel } from '../content/report-content.ts';
import { countCue } from '../text/normalise.ts';
import { DOMAINS, GENERAL_DOMAIN, type DomainId, type DomainProfile } from './domains.ts';
import { FIELD_DOMAINS } from './field-domains.ts';

export type FieldId = InventionFieldId;

interface FieldDef {
  id: FieldId;
  label: string;
  /** The domain guidance the offline analyst writes from. */
  profile: DomainId;
  cues: string[];
}

const FIELDS: FieldDef[] = [
  {
    id: 'space_aerospace',
    label: 'Space and aerospace',
    profile: 'space',
    cues: [
      'satellite',
      'spacecraft',
      'orbit',
      'launcher',
      'rocket',
      'aerospace',
      'aircraft',
      'avionics',
      'space mission',
      'cubesat',
      'thruster',
      'propulsion',
      'airframe',
      'in-orbit',
      'ground station',
      'space debris',
      'nasa',
      'propellant',
      'launch vehicle',
      'cryogenic',
    ],
  },
  {
    id: 'test_measurement',
    label: 'Test and measurement',
    profile: 'measurement',
    cues: [
      'tester',
      'testing instrument',
      'test instrument',
      'instrument',
      'measurement',
      'metrology',
      'calibration',
      'analyser',
      'analyzer',
      'meter',
      'gauge',
      'probe',
      'oscilloscope',
      'impedance spectroscopy',
      'non-destructive',
      'inspection',
      'test bench',
      'test rig',
      'test system',
      'characteris',
      'characteriz',
      'accuracy',
      'uncertainty',
      'impedance',
      'testing device',
      'test battery',
      'excitation',
      'auto-ranging',
      'measurement device',
      'measurement time',
      'end-of-line',
      'state of health',
      'internal resistance',
      'potentiostat',
      'test equipment',
      'inspecting',
      'inspect',
      'fatigue',
      'measuring tool',
      'structural health',
      'gas sens',
      'sensing',
    ],
  },
  {
    id: 'optics_photonics',
    label: 'Optics and photonics',
    profile: 'optics',
    cues: [
      'optical',
      'optics',
      'photonic',
      'lens',
      'lenses',
      'laser',
      'wavelength',
      'anti-reflect',
      'antireflect',
      'reflectance',
      'transmittance',
      'refractive',
      'waveguide',
      'infrared',
      'spectral',
      'mirror',
      'interferen',
      'light guide',
      'eyewear',
      'camera module',
    ],
  },
  {
    id: 'medical_devices',
    label: 'Medical devices',
    profile: 'medtech',
    cues: [
      'patient',
      'clinical',
      'hospital',
      'medical device',
      'surgical',
      'surgery',
      'implant',
      'catheter',
      'wound',
      'therapy',
      'wearable',
      'ecg',
      'physician',
      'clinician',
      'nurse',
      'rehabilitation',
      'prosthe',
      'orthop',
      'stent',
      'dental',
      'ultrasound',
      'icu',
      'cardiac',
      'cardiology',
      'cardio',
      'clinic',
      'heart',
      'atrial fibrillation',
      'arrhythmia',
      'chest',
      'eeg',
      'blood pressure',
      'glucose',
      'health',
      'microneedle',
      'diabetes',
      'insulin',
      'infection',
      'hospital-acquired',
      'telehealth',
    ],
  },
  {
    id: 'diagnostics',
    label: 'Diagnostics',
    profile: 'diagnostics',
    cues: [
      'diagnos',
      'in-vitro',
      'in vitro diagnostic',
      'assay',
      'biomarker',
      'point-of-care',
      'point of care',
      'lateral flow',
      'specimen',
      'blood sample',
      'saliva',
      'urine',
      'pathogen detection',
      'sensitivity and specificity',
      'screening test',
      'immunoassay',
      'pcr',
      // A test for an infection is named by how it samples and what it reads, not by "diagnostic":
      // "the antigen test uses a nasal swab", "its false positive rate is 3 percent".
      'antigen test',
      'antibody test',
      'rapid test',
      'nasal swab',
      'swab',
      'false positiv',
      'false negativ',
    ],
  },
  {
    id: 'pharma_biotech',
    label: 'Pharma and biotech',
    profile: 'biotech',
    cues: [
      'drug',
      'molecule',
      'compound',
      'protein',
      'antibod',
      'peptide',
      'enzyme',
      'gene',
      'genom',
      'crispr',
      'cell line',
      'vaccine',
      'vaccinat',
      'adjuvant',
      'immunogenic',
      'immunomodulat',
      'immunity',
      'immune',
      'antigen',
      'pharma',
      'formulation',
      'microb',
      'fermentation',
      'rna',
      'dna',
      'probiotic',
      'therapeutic',
      'dosage',
      'toxicity',
      'antimicrobial',
      'small molecule',
      'inhibitor',
      'quorum sensing',
      'biofilm',
      'pathogen',
      'bacteria',
    ],
  },
  {
    id: 'software_ai',
    label: 'Software and AI',
    profile: 'software',
    cues: [
      'software',
      'app',
      'platform',
      'saas',
      'algorithm',
      'machine learning',
      'deep learning',
      'artificial intelligence',
      'neural network',
      'language model',
      'data',
      'cloud',
      'api',
      'dashboard',
      'user interface',
      'analytics',
      'blockchain',
      'computer vision',
    ],
  },
  {
    id: 'semiconductors_electronics',
    label: 'Semiconductors and electronics',
    profile: 'electronics',
    cues: [
      'semiconductor',
      'chip',
      'transistor',
      'circuit',
      'integrated circuit',
      'wafer',
      'mems',
      'pcb',
      'microcontroller',
      'antenna',
      'rf',
      'power electronics',
      'firmware',
      'iot',
      'electronic',
      'sensor',
      'detector',
      'gallium nitride',
      'silicon carbide',
    ],
  },
  {
    id: 'energy_storage',
    label: 'Energy storage',
    profile: 'storage',
    cues: [
      'battery',
      'batteries',
      'energy storage',
      'lithium',
      'sodium-ion',
      'anode',
      'cathode',
      'electrolyte',
      'supercapacitor',
      'cell chemistry',
      'state of charge',
      'charging',
      'redox flow',
    ],
  },
  {
    id: 'energy_generation',
    label: 'Energy generation',
    profile: 'energy',
    cues: [
      'solar',
      'photovoltaic',
      'wind',
      'turbine',
      'hydrogen',
      'electrolys',
      'fuel cell',
      'renewable',
      'power plant',
      'geothermal',
      'biogas',
      'biomass',
      'grid',
      'microgrid',
      'heat pump',
      'carbon capture',
      'kwh',
      'generator',
      'tidal',
      'energy harvest',
      'harvester',
      'power line',
      'power lines',
      'utility',
      'utilities',
      'perovskite',
      'solar cell',
      'solar module',
      // What a photovoltaic material does, for texts that never say "solar": "converts sunlight into electricity".
      'sunlight into electricity',
      'light into electricity',
      'electricity from sunlight',
    ],
  },
  {
    id: 'materials_coatings',
    label: 'Materials and coatings',
    profile: 'materials',
    cues: [
      'material',
      'polymer',
      'composite',
      'coating',
      'coated',
      'thin film',
      'nanoparticle',
      'graphene',
      'ceramic',
      'alloy',
      'resin',
      'fibre',
      'fiber',
      'catalyst',
      'chemical',
      'adhesive',
      'biodegradable',
      'plastic',
      'packaging',
      'membrane',
      'powder',
      'corrosion',
      'deposition',
      'layer',
    ],
  },
  {
    id: 'water',
    label: 'Water',
    profile: 'water',
    cues: [
      'water',
      'wastewater',
      'drinking water',
      'groundwater',
      'desalination',
      'filtration',
      'arsenic',
      'fluoride',
      'sewage',
      'effluent',
      'irrigation water',
      'potable',
      'filter',
      'filtration',
      'osmosis',
      'reverse osmosis',
      'forward osmosis',
      'distillation',
      'saline',
      'brine',
      'seawater',
      'salt water',
      'membrane',
    ],
  },
  {
    id: 'agriculture_food',
    label: 'Agriculture and food',
    profile: 'agritech',
    cues: [
      'farm',
      'farmer',
      'crop',
      'soil',
      'seed',
      'fertili',
      'pesticide',
      'livestock',
      'dairy',
      'greenhouse',
      'aquaculture',
      'food',
      'agri',
      'yield',
      'post-harvest',
      'grain',
      'farmers',
      'fertiliser',
      'fertilizer',
      'harvesting crops',
      'harvested',
      'drought',
      'crops',
      'transgenic',
      'cultivar',
      'wheat',
      'rice',
      'maize',
      'soybean',
      'feed',
      'fishmeal',
      'trout',
      'animal feed',
      'insect',
      'larvae',
    ],
  },
  {
    id: 'manufacturing',
    label: 'Manufacturing',
    profile: 'industrial',
    cues: [
      'manufacturing',
      'factory',
      'production line',
      'machining',
      'welding',
      'robot',
      'automation',
      'additive manufacturing',
      '3d print',
      'assembly line',
      'industrial process',
      'cnc',
      'conveyor',
      'tooling',
      'casting',
    ],
  },
  {
    id: 'mobility',
    label: 'Mobility and transport',
    profile: 'mobility',
    cues: [
      'vehicle',
      'automotive',
      'electric vehicle',
      'traffic',
      'fleet',
      'truck',
      'bicycle',
      'e-bike',
      'scooter',
      'railway',
      'drone',
      'autonomous driving',
      'drivetrain',
      'powertrain',
      'brake',
      'braking',
      'bike',
      'bikes',
      'cargo bike',
      'courier',
      'rail',
      'railway track',
      'train',
      'trains',
      'delivery van',
    ],
  },
  {
    id: 'construction',
    label: 'Construction and buildings',
    profile: 'construction',
    cues: [
      'construction',
      'building',
      'concrete',
      'cement',
      'brick',
      'housing',
      'insulation',
      'facade',
      'roof',
      'precast',
      'infrastructure',
      'bridge',
    ],
  },
  {
    id: 'consumer',
    label: 'Consumer products',
    profile: 'consumer',
    cues: ['consumer', 'household', 'kitchen', 'toy', 'apparel', 'cosmetic', 'furniture', 'personal care', 'fashion'],
  },
];

/** Fields close enough that either gives sound guidance when the two are near-tied. */
const NEIGHBOURS: ReadonlyArray<readonly [FieldId, FieldId]> = [
  ['optics_photonics', 'materials_coatings'],
  ['medical_devices', 'diagnostics'],
  ['diagnostics', 'pharma_biotech'],
  ['semiconductors_electronics', 'test_measurement'],
  ['semiconductors_electronics', 'optics_photonics'],
  ['energy_storage', 'energy_generation'],
  ['energy_storage', 'materials_coatings'],
  // A photovoltaic or thermoelectric material is both: the nearer reading wins, not "uncertain".
  ['energy_generation', 'materials_coatings'],
  ['manufacturing', 'materials_coatings'],
  ['water', 'materials_coatings'],
];

const ALL_PROFILES: readonly DomainProfile[] = [...DOMAINS, ...FIELD_DOMAINS];

export function profileById(id: DomainId): DomainProfile {
  return ALL_PROFILES.find((d) => d.id === id) ?? GENERAL_DOMAIN;
}

/** The field a report writes from: the record's field with its guidance (neutral when uncertain). */
export interface FieldChoice {
  id: RecordField;
  label: string;
  /** The domain guidance to write from (the neutral one when the field is uncertain). */
  profile: DomainProfile;
  confidence: ConfidenceLevel;
  /** True when the field is uncertain: write field-neutral text specific to the idea. */
  neutral: boolean;
}

/** What the classifier reads: what the invention IS weighs most, then its features and uses, then the rest. */
export interface FieldInputs {
  /** The name and the one-line "what it is". */
  head: string;
  features: readonly string[];
  applications: readonly string[];
  /** The whole text. */
  text: string;
}

export interface FieldReading {
  field: RecordField;
  confidence: ConfidenceLevel;
  /** Candidates, best first, with their scores (for the form's suggestions and for tests). */
  candidates: Array<{ id: FieldId; score: number }>;
}

/** The head noun of a phrase: a "membrane filter" is a filter, a "battery tester" a tester. */
function headNoun(phrase: string): string {
  // "ceramic membrane filter coated with iron oxide" is a filter: cut at a participle or preposition first.
  const core = phrase.split(/\s(?:[a-z]+ed|for|of|that|which|to|with|using|in|on|from|by)\s/i)[0] ?? phrase;
  return core.trim().split(/\s+/).at(-1) ?? '';
}

function score(def: FieldDef, inputs: { text: string; head: string; noun: string; features: string; uses: string }): number {
  let total = 0;
  for (const cue of def.cues) {
    const inText = countCue(inputs.text, cue);
    if (inText === 0 && countCue(inputs.head, cue) === 0) continue;
    const weight = cue.includes(' ') ? 2 : 1;
    total += Math.min(inText, 3) * weight;
    if (countCue(inputs.head, cue) > 0) total += 3 * weight;
    if (countCue(inputs.noun, cue) > 0) total += 4 * weight;
    if (countCue(inputs.features, cue) > 0) total += weight;
    if (countCue(inputs.uses, cue) > 0) total += 2 * weight;
  }
  return total;
}

const neighbours = (a: FieldId, b: FieldId) => NEIGHBOURS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

/**
 * Reads the field from what the invention is: a tester OF batteries is test and measurement, an
 * inspection system FOR additive manufacturing is test and measurement, a membrane used for
 * desalination is water. When the best two are close and not neighbours, the field is uncertain.
 */
export function classifyField(inputs: FieldInputs): FieldReading {
  const lower = {
    text: inputs.text.toLowerCase(),
    head: inputs.head.toLowerCase(),
    noun: headNoun(inputs.head.toLowerCase()),
    features: inputs.features.join(' ; ').toLowerCase(),
    uses: inputs.applications.join(' ; ').toLowerCase(),
  };
  const candidates = FIELDS.map((def) => ({ id: def.id, score: score(def, lower) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score);
  const [best, second] = candidates;
  if (!best || best.score < 3) return { field: 'uncertain', confidence: 'low', candidates };
  const margin = best.score - (second?.score ?? 0);
  const close = second !== undefined && margin < Math.max(2, best.score * 0.2);
  if (close && !neighbours(best.id, second.id)) return { field: 'uncertain', confidence: 'low', candidates };
  const confidence: ConfidenceLevel = best.score >= 8 && margin >= 4 ? 'high' : best.score >= 4 && !close ? 'medium' : 'low';
  return { field: best.id, confidence, candidates };
}

export function fieldDef(id: RecordField): FieldDef | null {
  return FIELDS.find((f) => f.id === id) ?? null;
}

/**
 * The guidance for a confirmed field, fitted to what the record says (a solar module gets PV
 * standards, not wind-turbine ones). An uncertain field gets the neutral profile.
 */
export function fieldChoice(id: RecordField, confidence: ConfidenceLevel, recordText: string): FieldChoice {
  const def = fieldDef(id);
  if (!def) return { id: 'uncertain', label: 'Field to confirm', profile: GENERAL_DOMAIN, confidence: 'low', neutral: true };
  return {
    id: def.id,
    label: def.label,
    profile: tailored(profileById(def.profile), recordText.toLowerCase()),
    confidence,
    neutral: false,
  };
}

/** Animal or fish feed, not feedback or a feed-in tariff (the field rows and the alternatives read it). */
export const FEED = /\bfeeds?\b(?!-in)|fodder|feedstuff|fishmeal|aquafeed/;

/**
 * Standards and regimes that belong to one technology within a field, or that the field's own
 * text says apply only "if" something is so: kept only when the record speaks of it. A retractor
 * with an LED gets no health-data row, a seed coating no drone rules — a reader takes a row that
 * says "applies if …" about something the invention does not do as filler.
 */
const TOPICS: ReadonlyArray<{ names: RegExp; idea: RegExp }> = [
  { names: /\bPV\b|photovolt/i, idea: /\bsolar|photovolt|\bpv\b/ },
  { names: /wind (?:turbine|motor)/i, idea: /\bwind|turbine/ },
  { names: /hydrogen|electroly/i, idea: /hydrogen|electroly/ },
  { names: /fuel cell/i, idea: /fuel cell/ },
  // Conditional rows of the field profiles (their scope reads "if", "where", "only if").
  { names: /^Data protection/i, idea: /\bdata\b|\bapp\b|software|cloud|record|connected|wireless|bluetooth|remote|personal|patient/ },
  { names: /IEC 62304/i, idea: /software|\bapp\b|algorithm|firmware|digital|display|interface/ },
  { names: /IEC 60601/i, idea: /electr|power|batter|\bled\b|light|laser|sensor|motor|circuit|wireless|heat|pump|ultrasound|radio/ },
  { names: /^Carbon-market/i, idea: /carbon|emission|\bco2\b|climate|greenhouse/ },
  { names: /^Food-contact/i, idea: /\bfood|packag|beverage|kitchen/ },
  { names: /^Legal metrology/i, idea: /billing|\btrade\b|tariff|\bmeter(?:s|ing)?\b|custody transfer/ },
  { names: /^Laser product safety/i, idea: /laser/ },
  { names: /^Space activity licensing/i, idea: /orbit|satellite|spacecraft|launch|in space/ },
  { names: /^Access and benefit-sharing/i, idea: /genetic|\bgene|plant|microb|strain|extract|traditional|biological material|seed/ },
  { names: /^Biosafety and GMO/i, idea: /genetic|\bgene|transgen|modified organism|\bgmo|crispr|edited/ },
  {
    names: /^Agricultural inputs|OECD guidelines for testing of chemicals/i,
    idea: /fertili|pesticid|biostimul|seed treat|inoculant|bio-?control|herbicid|fungicid|insecticid|humic|compost|soil amend|crop protection/,
  },
  { names: /^Plant variety and seed rules/i, idea: /\bseeds?\b|variet|cultivar|breed|\bgenes?\b|germplasm|transgen|\bcrops?\b/ },
  {
    names: /^Food safety law/i,
    idea: /\bfood|\bfeed|ingredient|protein|edible|nutrition|dairy|\bmeat|\bfish|\bcrops?\b|harvest|grain|processing/,
  },
  { names: /^Drone and machinery/i, idea: /drone|robot|machine|tractor|harvester|sprayer|vehicle/ },
  { names: /^Feed law/i, idea: FEED },
  { names: /ISO 11783|ISOBUS/i, idea: /tractor|machine|implement|isobus|sprayer|harvester/ },
  { names: /^Grid connection/i, idea: /\bgrid|inverter|utility|network|feed-in|mains/ },
  { names: /^Explosive atmospheres/i, idea: /pressur|explosi|hazardous|flammab|\bgas|vessel|boiler|hydrogen/ },
  {
    names: /^Export controls \(Wassenaar/i,
    idea: /laser|crypt|radar|microwave|military|defen[cs]e|infrared|night vision|gallium nitride|\bgan\b|satellite|drone/,
  },
  { names: /^EU Artificial Intelligence Act/i, idea: /\bai\b|artificial intelligence|machine learning|neural|learning|classifier|predict/ },
  // Field risks that hold for one kind of product only.
  {
    names: /^Field results vary by season, soil and climate/i,
    idea: /\bcrops?\b|\bseeds?\b|\bsoil|\bplants?\b|fertili|biostimul|\byield|harvest|orchard|greenhouse|field trial|irrigat/,
  },
  {
    names: /^Animals grow or convert feed/i,
    idea: FEED,
  },
  {
    names: /^Farmers cannot afford the upfront price/i,
    idea: /machine|equipment|device|sensor|drone|robot|trailer|pump|tractor|greenhouse|system/,
  },
  {
    names: /^Input registration/i,
    idea: /fertili|pesticid|biostimul|seed treat|inoculant|bio-?control|herbicid|fungicid|insecticid|humic|compost/,
  },
  { names: /^Machine safety certification/i, idea: /machine|robot|\bcnc\b|press|conveyor|spindle|tool/ },
  { names: /^Personal-data or AI compliance/i, idea: /\bdata\b|\bai\b|learning|personal|user|customer records/ },
  { names: /^NSF\/ANSI 42, 53 and 58/, idea: /point[- ]of[- ]use|household|\bhome|filter|purif|\btap\b/ },
  // Storage standards and rules by product: grid systems, vehicle cells, portable cells.
  {
    names: /^Electrical safety and grid rules for storage|^UL 9540/,
    idea: /\bgrid|stationary|\bhome|building|inverter|\bsystems?\b|\bpacks?\b/,
  },
  { names: /^IEC 62660/, idea: /vehicle|\bev\b|automotive|\bcars?\b/ },
  { names: /^IEC 62133/, idea: /portable|consumer|phone|laptop|wearable|device/ },
  // Agricultural CPC classes by kind of product: a fish feed is searched in A23K, not in soil working.
  { names: /^A01B \/ A01C/, idea: /\bsoil|\bseeds?\b|sowing|planting|tillage|fertili|\bcrops?\b/ },
  { names: /^A01G/, idea: /horticult|greenhouse|\bplants?\b|\bcrops?\b|\btrees?\b|cultivat|hydropon|orchard/ },
  { names: /^A01N/, idea: /biocid|pesticid|herbicid|fungicid|insecticid|plant growth|biostimul|seed treat/ },
  { names: /^A23L/, idea: /\bfoods?\b|ingredient|beverage|nutrition|edible|dairy|\bmeat|snack|bakery|shelf life/ },
  { names: /^A23K/, idea: new RegExp(`${FEED.source}|pet food`) },
  { names: /^A01K/, idea: /animal|livestock|\bfish|aquacult|poultry|\bbees?\b|cattle|dairy|husbandry|trout|salmon|shrimp/ },
  // IP notes that concern one kind of invention.
  {
    names: /^Plant varieties are excluded/,
    idea: /\bseeds?\b|variet|\bplants?\b|\bcrops?\b|cultivar|\bgenes?\b|horticult|farming method|cultivat/,
  },
  // Medical CPC classes by kind of device: a surgical light is searched in A61B, not in informatics or infusion.
  { names: /^G16H/, idea: /software|\bdata\b|\bapp\b|digital|record|informatics|remote/ },
  { names: /^A61M/, idea: /catheter|inject|infus|drug deliver|inhal|syringe|cannula|\bpump|needle|dialys/ },
  { names: /^A61F/, idea: /prosthe|bandage|dressing|wound|stent|implant|orthos|\beye|\bear\b|contracept|heat|cool/ },
  { names: /ISO 10218/, idea: /robot|cobot|manipulat/ },
  { names: /IEC 61131/, idea: /\bplc|controller|automation|control system|software|network/ },
  // Licensee types that fit one kind of product only.
  { names: /^digital health platform/i, idea: /\bdata\b|\bapp\b|software|remote|connected|wireless|monitor/ },
  { names: /^consumer water-purifier/i, idea: /household|point[- ]of[- ]use|consumer|\bhome|drinking|purif/ },
  { names: /^animal-health or nutrition/i, idea: /animal|veterinar|livestock|\bfeed|nutrition/ },
  {
    names: /^agri-input companies/i,
    idea: /\bcrops?\b|\bseeds?\b|\bsoil|\bplants?\b|fertili|pesticid|biostimul|herbicid|fungicid|\byield|irrigat|greenhouse/,
  },
  {
    names: /^feed manufacturers/i,
    idea: new RegExp(`${FEED.source}|livestock|poultry|aquacult`),
  },
  { names: /^farm machinery manufacturers/i, idea: /machine|equipment|tractor|drone|robot|sprayer|harvester|trailer/ },
  { names: /^data providers/i, idea: /\bdata\b/ },
  // The field's usual applications that fit one kind of product only (no home monitoring for a surgical retractor).
  { names: /^Home monitoring/i, idea: /\bhome|remote|wearable|self-|patient-worn|monitor/ },
  { names: /^Low-resource and rural/i, idea: /low-cost|low cost|rural|low-resource|affordable|portable/ },
  { names: /^Consumer devices and wearables|^Consumers \(direct\)/i, idea: /consumer|wearable|phone|watch|personal|household/ },
  { names: /^Automotive and mobility electronics/i, idea: /vehicle|automotive|\bcars?\b|mobility/ },
  { names: /^Household point-of-use/i, idea: /household|\bhome|point[- ]of[- ]use|consumer|drinking/ },
  { names: /^Industrial effluent/i, idea: /effluent|industrial|wastewater/ },
  { names: /^Transport and charging/i, idea: /vehicle|charging|transport|\bev\b/ },
  { names: /^Residential and off-grid/i, idea: /\bhome|residential|off-grid|portable|rural|farm/ },
];

const onTopic = (name: string, lower: string) => TOPICS.every((t) => !t.names.test(name) || t.idea.test(lower));

function tailored(profile: DomainProfile, lower: string): DomainProfile {
  const standards = profile.standards.filter((s) => onTopic(s, lower));
  const cpc = profile.cpc.filter((c) => onTopic(c, lower));
  const regimes = profile.regimes.filter((r) => onTopic(r.name, lower));
  const risks = profile.risks.filter((r) => onTopic(r.risk, lower));
  const licensees = profile.licensees.filter((l) => onTopic(l, lower));
  const applications = profile.applications.filter((a) => onTopic(a.name, lower));
  const ipNotes = profile.ipNotes.filter((n) => onTopic(n, lower));
  const fitted = {
    ...profile,
    regimes: regimes.length > 0 ? regimes : profile.regimes.slice(0, 1),
    risks,
    licensees: licensees.length > 0 ? licensees : profile.licensees,
    applications,
    ipNotes,
    standards: standards.length > 0 ? standards : profile.standards.filter((s) => !TOPICS.some((t) => t.names.test(s))),
    cpc: cpc.length > 0 ? cpc : profile.cpc,
  };
  if (profile.id === 'materials' && /\bpackag/.test(lower)) {
    return {
      ...fitted,
      standards: [
        ...fitted.standards,
        'EN 13432 / ASTM D6400 (compostability of packaging)',
        'ISO 527 / ASTM D638 (tensile properties of plastics)',
      ],
    };
  }
  return fitted;
}
