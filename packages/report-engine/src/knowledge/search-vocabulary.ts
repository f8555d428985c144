/**
 * What a prior-art searcher knows before reading anything: the other words documents use for the
 * same thing (synonyms and spellings), and where a field's documents are filed — its CPC
 * subclasses for patents, its OpenAlex fields (the topic hierarchy's second level) for papers.
 * The query families (evidence/query-families.ts) are built from it (decision 215).
 */
import type { RecordField } from '@assay/shared';

/**
 * Words a document may use instead of the record's, each group one meaning. Kept to technical
 * nouns and adjectives whose substitutes are safe in a search; a word in two groups takes the first.
 */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['sensor', 'detector', 'transducer'],
  ['filter', 'filtration'],
  ['coating', 'layer'],
  ['battery', 'batteries'],
  ['nanoparticle', 'nanoparticles', 'nanocrystal'],
  ['adsorbent', 'sorbent', 'adsorbing'],
  ['adsorption', 'sorption'],
  ['electrode', 'anode', 'cathode'],
  ['supercapacitor', 'ultracapacitor'],
  ['photocatalyst', 'photocatalytic', 'photocatalysis'],
  ['catalyst', 'catalytic', 'catalysis'],
  ['wireless', 'radio'],
  ['drone', 'uav', 'unmanned'],
  ['monitor', 'monitoring', 'surveillance'],
  ['implant', 'implantable'],
  ['wearable', 'worn'],
  ['antenna', 'aerial'],
  ['solar', 'photovoltaic'],
  ['impedance', 'resistance'],
  ['spectroscopy', 'spectrometry', 'spectrum'],
  ['fibre', 'fiber'],
  ['aluminium', 'aluminum'],
  ['sulphur', 'sulfur'],
  ['colour', 'color'],
  ['analyser', 'analyzer'],
  ['vapour', 'vapor'],
  ['haemoglobin', 'hemoglobin'],
  ['oestrogen', 'estrogen'],
  ['modelling', 'modeling'],
  ['polymer', 'polymeric'],
  ['ceramic', 'ceramics'],
  ['biodegradable', 'compostable'],
  ['actuator', 'actuation'],
  ['microfluidic', 'lab-on-a-chip'],
  ['enzyme', 'enzymatic'],
  ['fertiliser', 'fertilizer'],
  ['optimisation', 'optimization'],
];

const BY_WORD = new Map<string, readonly string[]>();
for (const group of SYNONYM_GROUPS) for (const w of group) if (!BY_WORD.has(w)) BY_WORD.set(w, group);

/** Other words for `word` (lower case), itself excluded; none when the vocabulary has none. */
export function synonymsOf(word: string): string[] {
  const w = word.toLowerCase();
  return (BY_WORD.get(w) ?? []).filter((s) => s !== w);
}

/** The CPC subclasses ("C02F", "B01D") named in a field profile's class lines ("C02F (treatment of water …)", "H10F / H01L 31 (…)"). */
export function cpcSubclasses(classLines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of classLines) {
    const head = line.split('(')[0] ?? '';
    for (const m of head.matchAll(/\b([A-HY]\d{2}[A-Z]?)\b/g)) if (!out.includes(m[1]!)) out.push(m[1]!);
  }
  return out;
}

/**
 * OpenAlex fields (https://developers.openalex.org/api-reference/fields: Scopus ASJC codes 11–36)
 * where a field's papers are usually classed, most likely first. Uncertain fields have none: a
 * search is then not restricted to a class.
 */
export const OPENALEX_FIELDS: Readonly<Record<RecordField, readonly number[]>> = {
  space_aerospace: [22, 31],
  test_measurement: [22, 31],
  optics_photonics: [31, 22, 25],
  medical_devices: [27, 22],
  diagnostics: [27, 13],
  pharma_biotech: [30, 13, 24],
  software_ai: [17],
  semiconductors_electronics: [22, 31, 25],
  energy_storage: [21, 25, 16],
  energy_generation: [21, 22],
  materials_coatings: [25, 16],
  water: [23, 15],
  agriculture_food: [11],
  manufacturing: [22, 25],
  mobility: [22],
  construction: [22],
  consumer: [22, 25],
  uncertain: [],
};

/** The OpenAlex fields' names, for the method note. */
export const OPENALEX_FIELD_NAMES: Readonly<Record<number, string>> = {
  11: 'Agricultural and Biological Sciences',
  13: 'Biochemistry, Genetics and Molecular Biology',
  15: 'Chemical Engineering',
  16: 'Chemistry',
  17: 'Computer Science',
  21: 'Energy',
  22: 'Engineering',
  23: 'Environmental Science',
  24: 'Immunology and Microbiology',
  25: 'Materials Science',
  27: 'Medicine',
  30: 'Pharmacology, Toxicology and Pharmaceutics',
  31: 'Physics and Astronomy',
};
