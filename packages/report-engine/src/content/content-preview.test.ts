import { describe, expect, it } from 'vitest';
import type { SectionContent } from './report-content.ts';
import { executiveSummaryPreview, PREVIEW_MAX_CHARS } from './content-preview.ts';

function summary(paragraphs: string[], bullets: string[] = []): SectionContent {
  return {
    key: 'executive_summary',
    title: 'Executive Summary',
    summary: paragraphs,
    blocks: [
      { type: 'table', title: null, columns: ['a', 'b'], rows: [['1', '2']] },
      ...(bullets.length ? [{ type: 'bullets' as const, title: 'Key findings', items: bullets }] : []),
    ],
    confidence: null,
    next_steps: ['x'],
    trl: null,
    risks: null,
    roi: null,
  };
}

describe('executive summary preview', () => {
  it('is plain text made of the summary paragraphs, then key findings while room remains', () => {
    const p = executiveSummaryPreview(summary(['A **bold** first paragraph.', 'Second\tone.'], ['Finding one', 'Finding two']));
    expect(p).toBe('A bold first paragraph.\n\nSecond one.\n\n• Finding one\n• Finding two');
  });

  it('never exceeds the limit and ends at a sentence when it can', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} explains a point about the filter.`).join(' ');
    const p = executiveSummaryPreview(summary([long]));
    expect(p.length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS);
    expect(p.length).toBeGreaterThan(PREVIEW_MAX_CHARS * 0.6);
    expect(p.endsWith('.')).toBe(true);
  });

  it('cuts at a word with an ellipsis when there is no sentence end', () => {
    const p = executiveSummaryPreview(summary(['word '.repeat(400)]), 100);
    expect(p.length).toBeLessThanOrEqual(100);
    expect(p.endsWith('…')).toBe(true);
  });
});
