/**
 * The field of an invention, from a wide taxonomy, decided once per report. What the invention
 * IS weighs more than what it acts on: cue words inside the product's own noun phrase (the
 * subject of the first sentence) count three times, so a tester OF batteries is test and
 * measurement, not energy storage. When the best two fields are close and not neighbours, the
 * field is uncertain and the report stays field-neutral (no standards, baselines or applications
 * of a field it may not belong to).
 */
import type { ConfidenceLevel } from '../content/report-content.ts';
import { DOMAINS, GENERAL_DOMAIN, type DomainId, type DomainProfile } from '../writers/offline/domains.ts';
import { FIELD_DOMAINS } from '../writers/offline/field-domains.ts';
import { countCue } from '../writers/offline/text-analysis.ts';

export const FIELD_IDS = [
  'space_aerospace',
  'test_measurement',
  'optics_photonics',
  'medical_devices',
  'diagnostics',
  'pharma_biotech',
  'software_ai',
  'semiconductors_electronics',
  'energy_storage',
  'energy_generation',
  'materials_coatings',
  'water',
  'agriculture_food',
  'manufacturing',
  'mobility',
  'construction',
  'consumer',
  'general',
] as const;
export type FieldId = (typeof FIELD_IDS)[number];

interface FieldDef {
  id: FieldId;
  label: string;
  /** The domain guidance the offline analyst writes from. */
  profile: DomainId;
  cues: string[];
}

const FIELDS: FieldDef[] = [
  { id: 'space_aerospace', label: 'Space and aerospace', profile: 'space', cues: ['satellite', 'spacecraft', 'orbit', 'launcher', 'rocket', 'aerospace', 'aircraft', 'avionics', 'space mission', 'cubesat', 'thruster', 'propulsion', 'airframe', 'in-orbit', 'ground station', 'space debris'] },
  { id: 'test_measurement', label: 'Test and measurement', profile: 'measurement', cues: ['tester', 'testing instrument', 'test instrument', 'instrument', 'measurement', 'measuring', 'measures', 'metrology', 'calibration', 'analyser', 'analyzer', 'meter', 'gauge', 'probe', 'oscilloscope', 'impedance spectroscopy', 'non-destructive', 'inspection', 'test bench', 'test rig', 'test system', 'characteris', 'characteriz', 'accuracy', 'uncertainty', 'impedance', 'testing device', 'test battery', 'excitation', 'auto-ranging', 'measurement device', 'measurement time', 'end-of-line', 'state of health', 'internal resistance', 'potentiostat', 'test equipment'] },
  { id: 'optics_photonics', label: 'Optics and photonics', profile: 'optics', cues: ['optical', 'optics', 'photonic', 'lens', 'lenses', 'laser', 'wavelength', 'anti-reflect', 'antireflect', 'reflectance', 'transmittance', 'refractive', 'waveguide', 'infrared', 'spectral', 'mirror', 'interferen', 'light guide', 'eyewear', 'camera module'] },
  { id: 'medical_devices', label: 'Medical devices', profile: 'medtech', cues: ['patient', 'clinical', 'hospital', 'medical device', 'surgical', 'surgery', 'implant', 'catheter', 'wound', 'therapy', 'wearable', 'ecg', 'physician', 'clinician', 'nurse', 'rehabilitation', 'prosthe', 'orthop', 'stent', 'dental', 'ultrasound', 'icu', 'cardiac', 'cardiology', 'cardio', 'clinic', 'heart', 'atrial fibrillation', 'arrhythmia', 'chest', 'eeg', 'blood pressure', 'glucose', 'health'] },
  { id: 'diagnostics', label: 'Diagnostics', profile: 'diagnostics', cues: ['diagnos', 'in-vitro', 'in vitro diagnostic', 'assay', 'biomarker', 'point-of-care', 'point of care', 'lateral flow', 'specimen', 'blood sample', 'saliva', 'urine', 'pathogen detection', 'sensitivity and specificity', 'screening test', 'immunoassay', 'pcr'] },
  { id: 'pharma_biotech', label: 'Pharma and biotech', profile: 'biotech', cues: ['drug', 'molecule', 'compound', 'protein', 'antibod', 'peptide', 'enzyme', 'gene', 'genom', 'crispr', 'cell line', 'vaccine', 'vaccinat', 'adjuvant', 'immunogenic', 'immunomodulat', 'immunity', 'immune', 'antigen', 'pharma', 'formulation', 'microb', 'fermentation', 'rna', 'dna', 'probiotic', 'therapeutic', 'dosage', 'toxicity', 'antimicrobial', 'small molecule'] },
  { id: 'software_ai', label: 'Software and AI', profile: 'software', cues: ['software', 'app', 'platform', 'saas', 'algorithm', 'machine learning', 'deep learning', 'artificial intelligence', 'neural network', 'language model', 'data', 'cloud', 'api', 'dashboard', 'user interface', 'analytics', 'blockchain', 'computer vision'] },
  { id: 'semiconductors_electronics', label: 'Semiconductors and electronics', profile: 'electronics', cues: ['semiconductor', 'chip', 'transistor', 'circuit', 'integrated circuit', 'wafer', 'mems', 'pcb', 'microcontroller', 'antenna', 'rf', 'power electronics', 'firmware', 'iot', 'electronic', 'sensor', 'detector', 'gallium nitride', 'silicon carbide'] },
  { id: 'energy_storage', label: 'Energy storage', profile: 'storage', cues: ['battery', 'batteries', 'energy storage', 'lithium', 'sodium-ion', 'anode', 'cathode', 'electrolyte', 'supercapacitor', 'cell chemistry', 'state of charge', 'charging', 'redox flow'] },
  { id: 'energy_generation', label: 'Energy generation', profile: 'energy', cues: ['solar', 'photovoltaic', 'wind', 'turbine', 'hydrogen', 'electrolys', 'fuel cell', 'renewable', 'power plant', 'geothermal', 'biogas', 'biomass', 'grid', 'microgrid', 'heat pump', 'carbon capture', 'kwh', 'generator', 'tidal'] },
  { id: 'materials_coatings', label: 'Materials and coatings', profile: 'materials', cues: ['material', 'polymer', 'composite', 'coating', 'coated', 'thin film', 'nanoparticle', 'graphene', 'ceramic', 'alloy', 'resin', 'fibre', 'fiber', 'catalyst', 'chemical', 'adhesive', 'biodegradable', 'plastic', 'packaging', 'membrane', 'powder', 'corrosion', 'deposition', 'layer'] },
  { id: 'water', label: 'Water', profile: 'water', cues: ['water', 'wastewater', 'drinking water', 'groundwater', 'desalination', 'filtration', 'arsenic', 'fluoride', 'sewage', 'effluent', 'irrigation water', 'potable', 'filter', 'filtration', 'osmosis', 'reverse osmosis', 'forward osmosis', 'distillation', 'saline', 'brine', 'seawater', 'salt water', 'membrane'] },
  { id: 'agriculture_food', label: 'Agriculture and food', profile: 'agritech', cues: ['farm', 'farmer', 'crop', 'soil', 'seed', 'fertili', 'pesticide', 'livestock', 'dairy', 'harvest', 'greenhouse', 'aquaculture', 'food', 'agri', 'yield', 'post-harvest', 'grain'] },
  { id: 'manufacturing', label: 'Manufacturing', profile: 'industrial', cues: ['manufacturing', 'factory', 'production line', 'machining', 'welding', 'robot', 'automation', 'additive manufacturing', '3d print', 'assembly line', 'industrial process', 'cnc', 'conveyor', 'tooling', 'casting'] },
  { id: 'mobility', label: 'Mobility and transport', profile: 'mobility', cues: ['vehicle', 'automotive', 'electric vehicle', 'traffic', 'fleet', 'truck', 'bicycle', 'e-bike', 'scooter', 'railway', 'drone', 'autonomous driving', 'drivetrain', 'powertrain', 'brake', 'braking'] },
  { id: 'construction', label: 'Construction and buildings', profile: 'construction', cues: ['construction', 'building', 'concrete', 'cement', 'brick', 'housing', 'insulation', 'facade', 'roof', 'precast', 'infrastructure', 'bridge'] },
  { id: 'consumer', label: 'Consumer products', profile: 'consumer', cues: ['consumer', 'household', 'kitchen', 'toy', 'apparel', 'cosmetic', 'furniture', 'personal care', 'fashion'] },
];

/** Fields close enough that either gives sound guidance when the two are near-tied. */
const NEIGHBOURS: ReadonlyArray<readonly [FieldId, FieldId]> = [
  ['optics_photonics', 'materials_coatings'],
  ['medical_devices', 'diagnostics'],
  ['diagnostics', 'pharma_biotech'],
  ['semiconductors_electronics', 'test_measurement'],
  ['semiconductors_electronics', 'optics_photonics'],
  ['energy_storage', 'energy_generation'],
  ['manufacturing', 'materials_coatings'],
  ['water', 'materials_coatings'],
];

const ALL_PROFILES: readonly DomainProfile[] = [...DOMAINS, ...FIELD_DOMAINS];

export function profileById(id: DomainId): DomainProfile {
  return ALL_PROFILES.find((d) => d.id === id) ?? GENERAL_DOMAIN;
}

export interface FieldChoice {
  id: FieldId;
  label: string;
  /** The domain guidance to write from (the neutral one when the field is uncertain). */
  profile: DomainProfile;
  confidence: ConfidenceLevel;
  /** True when the field is uncertain: write field-neutral text specific to the idea. */
  neutral: boolean;
  /** The runner-up, when it was close. */
  alternative: { id: FieldId; label: string } | null;
  /** Cue words found, best field first. */
  cues: string[];
}

function score(def: FieldDef, lower: string, headLower: string, usesLower: string): { score: number; hits: string[] } {
  let total = 0;
  const hits: string[] = [];
  for (const cue of def.cues) {
    const n = countCue(lower, cue);
    if (n === 0) continue;
    const weight = cue.includes(' ') ? 2 : 1;
    // What the invention IS (its noun phrase) weighs most; the uses the inventor names next.
    total += Math.min(n, 3) * weight + (countCue(headLower, cue) > 0 ? 3 * weight : 0) + (countCue(usesLower, cue) > 0 ? 2 * weight : 0);
    // The head noun itself (the phrase's last word: a "membrane filter" is a filter) weighs most.
    if (countCue(headNoun(headLower), cue) > 0) total += 3 * weight;
    hits.push(cue);
  }
  return { score: total, hits };
}

const headNoun = (head: string) => head.trim().split(/\s+/).at(-1) ?? '';

const neighbours = (a: FieldId, b: FieldId) => NEIGHBOURS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

/**
 * Standards and regimes that belong to one technology within a field: kept only when the idea
 * speaks of that technology (a solar module gets PV standards, not wind-turbine or electrolyser ones).
 */
const TOPICS: ReadonlyArray<{ names: RegExp; idea: RegExp }> = [
  { names: /\bPV\b|photovolt/i, idea: /\bsolar|photovolt|\bpv\b/ },
  { names: /wind (?:turbine|motor)/i, idea: /\bwind|turbine/ },
  { names: /hydrogen|electroly/i, idea: /hydrogen|electroly/ },
  { names: /fuel cell/i, idea: /fuel cell/ },
];

const onTopic = (name: string, lower: string) => TOPICS.every((t) => !t.names.test(name) || t.idea.test(lower));

/** A copy of the field's guidance fitted to what the idea itself says (packaging only when it speaks of packaging). */
function tailored(profile: DomainProfile, lower: string): DomainProfile {
  const standards = profile.standards.filter((s) => onTopic(s, lower));
  const cpc = profile.cpc.filter((c) => onTopic(c, lower));
  const fitted = {
    ...profile,
    standards: standards.length > 0 ? standards : profile.standards.filter((s) => !TOPICS.some((t) => t.names.test(s))),
    cpc: cpc.length > 0 ? cpc : profile.cpc,
  };
  if (profile.id === 'materials' && /\bpackag/.test(lower)) {
    return {
      ...fitted,
      standards: [...fitted.standards, 'EN 13432 / ASTM D6400 (compostability of packaging)', 'ISO 527 / ASTM D638 (tensile properties of plastics)'],
      applications: [{ name: 'Packaging', buyer: 'converters and consumer brands' }, ...profile.applications],
    };
  }
  return fitted;
}

/**
 * Picks the field. `head` is the product's own noun phrase (its name or the first sentence's
 * subject); cues there weigh most. `uses` are the applications the inventor names ("can be used
 * in reverse osmosis"): a membrane used for desalination is a water technology.
 */
export function classifyField(idea: string, head: string, uses: readonly string[] = []): FieldChoice {
  const lower = idea.toLowerCase();
  const headLower = head.toLowerCase();
  const usesLower = uses.join(' ; ').toLowerCase();
  const ranked = FIELDS.map((def) => ({ def, ...score(def, lower, headLower, usesLower) })).sort((a, b) => b.score - a.score);
  const [best, second] = ranked;
  if (!best || best.score < 2) {
    return { id: 'general', label: 'General technology (field to confirm)', profile: GENERAL_DOMAIN, confidence: 'low', neutral: true, alternative: null, cues: [] };
  }
  const margin = best.score - (second?.score ?? 0);
  const close = second !== undefined && second.score > 0 && margin < Math.max(2, best.score * 0.2);
  const alternative = close && second ? { id: second.def.id, label: second.def.label } : null;
  if (close && second && !neighbours(best.def.id, second.def.id)) {
    return {
      id: best.def.id,
      label: `${best.def.label} or ${second.def.label.toLowerCase()} (to confirm)`,
      profile: { ...GENERAL_DOMAIN, label: 'the field (to confirm)' },
      confidence: 'low',
      neutral: true,
      alternative,
      cues: best.hits.slice(0, 8),
    };
  }
  const confidence: ConfidenceLevel = best.score >= 6 && margin >= 3 ? 'high' : best.score >= 3 ? 'medium' : 'low';
  return {
    id: best.def.id,
    label: best.def.label,
    profile: tailored(profileById(best.def.profile), lower),
    confidence,
    neutral: false,
    alternative,
    cues: best.hits.slice(0, 8),
  };
}
