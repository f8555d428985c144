/**
 * Our field labels for the corpus, and which domain names a report may give for each. The engine
 * names its domain in free text (outline.domain); a field is matched when that text matches one
 * of the field's patterns.
 */
export const FIELDS = [
  'test and measurement',
  'optics and photonics',
  'medical devices',
  'diagnostics',
  'pharma and biotech',
  'software and AI',
  'semiconductors and electronics',
  'energy storage',
  'energy generation',
  'materials and coatings',
  'water',
  'agriculture and food',
  'manufacturing',
  'space and aerospace',
] as const;
export type Field = (typeof FIELDS)[number];

/** Labels used only by the standards table: fields none of the corpus inventions belongs to. */
export type OtherField = 'mobility' | 'consumer products' | 'construction';

const DOMAIN_PATTERNS: Record<Field, RegExp[]> = {
  'test and measurement': [/measur/i, /\btest(ing)?\b/i, /instrument/i, /metrolog/i],
  'optics and photonics': [/optic/i, /photon/i],
  'medical devices': [/medical/i, /medtech/i],
  diagnostics: [/diagnost/i],
  'pharma and biotech': [/pharma/i, /biotech/i, /therapeut/i, /\bdrug/i],
  'software and AI': [/software/i, /\bAI\b/, /artificial intelligence/i, /machine learning/i],
  'semiconductors and electronics': [/semiconductor/i, /electronic/i],
  'energy storage': [/energy/i, /batter/i, /storage/i],
  'energy generation': [/energy/i, /solar/i, /photovolt/i, /power generation/i],
  'materials and coatings': [/material/i, /coating/i, /chemical/i],
  water: [/water/i],
  'agriculture and food': [/agricultur/i, /agri/i, /\bfood/i, /\bcrop/i],
  manufacturing: [/manufactur/i, /industrial/i],
  'space and aerospace': [/space/i, /aero/i, /satellite/i],
};

export function isField(value: string): value is Field {
  return (FIELDS as readonly string[]).includes(value);
}

export function fieldMatches(expected: Field, domain: string): boolean {
  return DOMAIN_PATTERNS[expected].some((p) => p.test(domain));
}
