import { describe, expect, it } from 'vitest';
import { fieldMatches } from './fields.ts';

describe('fieldMatches', () => {
  it.each([
    ['water', 'Water and wastewater', true],
    ['energy storage', 'Energy and cleantech', true],
    ['medical devices', 'Medical devices and digital health', true],
    ['diagnostics', 'Biotechnology, pharmaceuticals and diagnostics reagents', true],
    ['software and AI', 'Software, data and AI', true],
    ['manufacturing', 'Industrial processes, manufacturing and robotics', true],
    ['optics and photonics', 'Advanced materials and chemicals', false],
    ['test and measurement', 'Energy and cleantech', false],
    ['space and aerospace', 'General technology', false],
  ] as const)('%s vs "%s" → %s', (field, domain, ok) => expect(fieldMatches(field, domain)).toBe(ok));
});
