/** Page geometry, colours and type sizes of the report PDF, in one place so every tier looks the same. */

export const PAGE = {
  size: 'A4' as const,
  width: 595.28,
  height: 841.89,
  margin: { top: 72, bottom: 64, left: 56, right: 56 },
  headerY: 32,
  footerY: 841.89 - 44,
} as const;

export const CONTENT_WIDTH = PAGE.width - PAGE.margin.left - PAGE.margin.right;
/** Lowest y body content may reach. */
export const CONTENT_BOTTOM = PAGE.height - PAGE.margin.bottom;

export const COLOR = {
  ink: '#1F2937',
  muted: '#6B7280',
  faint: '#9CA3AF',
  rule: '#D1D5DB',
  navy: '#14213D',
  accent: '#0F766E',
  accentLight: '#CCFBF1',
  tableHeader: '#E5EDF5',
  zebra: '#F8FAFC',
  verify: { bar: '#B45309', fill: '#FFFBEB', label: 'To verify' },
  assumption: { bar: '#1D4ED8', fill: '#EFF6FF', label: 'Assumptions' },
  confidence: { bar: '#7C3AED', fill: '#F5F3FF', label: 'Confidence' },
  'next-steps': { bar: '#0F766E', fill: '#F0FDFA', label: 'Next steps' },
  level: { high: '#15803D', medium: '#B45309', low: '#B91C1C' },
  negative: '#DC2626',
  positive: '#0F766E',
  line: '#14213D',
} as const;

export const TYPE = {
  body: 10,
  small: 8.5,
  tiny: 7.5,
  lead: 10.5,
  h1: 20,
  h2: 12.5,
  h3: 10.5,
  lineGap: 2.5,
} as const;
