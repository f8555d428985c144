/**
 * The corpus's original field labels (its items' `field` key, kept for the loader); the eval
 * checks the record's field ids against each item's expected record instead.
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
