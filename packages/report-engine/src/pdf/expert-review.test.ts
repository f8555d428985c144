import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SectionContent } from '../content/report-content.ts';
import { generateReportContent } from '../pipeline/generate-report-content.ts';
import { readRecord } from '../record/read-record.ts';
import { createAnalystWriter } from '../writers/analyst/analyst-writer.ts';
import type { ExpertReviewSection } from './expert-review.ts';
import { renderReportPdf, type RenderReportInput } from './render-report-pdf.ts';

/** The reviewed PDF (issue 28 §4, decision 233): the report with the expert's review as its own, signed section. */
const IDEA =
  'A paper test strip read by a smartphone camera that detects lead in drinking water down to 5 ppb in two minutes. ' +
  'We have a working lab prototype (TRL 4). Patent pending. Our customers would be municipal water utilities and schools.';
const RECORD = readRecord(IDEA);
const dir = mkdtempSync(join(tmpdir(), 'assay-review-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pages = (pdf: Buffer, name: string) => {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .map((p) => p.replace(/\s+/g, ' '));
};

const REVIEW: ExpertReviewSection = {
  expertName: 'Rosalind Franklin',
  rttpNumber: 'RTTP-0451',
  deliveredAt: new Date('2026-11-28T10:00:00Z'),
  scope: ['technology', 'ip_snapshot'],
  questions: 'Is the reading method patentable?',
  verdicts: {
    novelty: { verdict: 'strong', note: 'The camera calibration is new.' },
    market: { verdict: 'adequate', note: '' },
    maturity: { verdict: 'weak', note: 'Lab prototype only.' },
    ip_route: { verdict: 'adequate', note: 'A method claim.' },
  },
  recommendation: 'hold_for_data',
  reasons: 'Good sensitivity.\n\nField data from utilities is needed before licensing.',
  answers: 'The reading method may be claimable; the strip chemistry is known.',
  comments: [
    { section: 'ip_snapshot', text: 'Search the colorimetric strip patents of the 2010s.' },
    { section: 'technology', text: 'Say how the camera is calibrated against ambient light.' },
    { section: 'ip_snapshot', text: 'File before the utility pilot.' },
  ],
};

let input: RenderReportInput;
beforeAll(async () => {
  const content = await generateReportContent({ writer: createAnalystWriter(), record: RECORD, complexity: 'basic' });
  input = {
    reportId: 'rep-review-1',
    title: content.title,
    record: RECORD,
    complexity: 'basic',
    createdAt: new Date('2026-11-20T10:00:00Z'),
    sections: content.sections as SectionContent[],
    offline: true,
    evidence: content.evidence,
    version: 2,
  };
}, 60_000);

describe('the reviewed PDF', () => {
  it('carries the review in its own section after the contents, listed there, with the comments grouped by section and the signature', async () => {
    const { pdf, text } = await renderReportPdf({ ...input, expertReview: REVIEW });
    const all = pages(pdf, 'reviewed');
    expect(all[0]).toContain('Expert review Rosalind Franklin, RTTP RTTP-0451 · delivered Nov 28, 2026');

    const contents = all[1]!;
    const m = /Expert review (\d+) 1 Executive Summary (\d+)/.exec(contents);
    expect(m, contents).not.toBeNull();
    const reviewPage = all[Number(m![1]) - 1]!;
    expect(reviewPage).toContain('Recommendation: Hold for data');
    expect(reviewPage).toContain('Scope: the sections the member asked about — 3 · The Technology; 6 · IP Snapshot');
    expect(reviewPage).toMatch(/Novelty Strong The camera calibration is new\./);
    expect(reviewPage).toMatch(/Maturity Weak Lab prototype only\./);
    expect(reviewPage).toContain('Is the reading method patentable?');
    expect(reviewPage).toContain('The reading method may be claimable');
    // Sections in the report's order, whatever the order the comments were written in.
    const review = all.slice(Number(m![1]) - 1, Number(m![2]) - 1).join(' ');
    expect(review.indexOf('Section 3 · The Technology')).toBeGreaterThan(0);
    expect(review.indexOf('Section 3 · The Technology')).toBeLessThan(review.indexOf('Section 6 · IP Snapshot'));
    expect(review.indexOf('File before the utility pilot.')).toBeGreaterThan(review.indexOf('Section 6 · IP Snapshot'));
    expect(review).toMatch(/Signed Rosalind Franklin RTTP certification number RTTP-0451 Delivered Nov 28, 2026/);
    // The report follows whole: section 1 still starts on the page the contents give.
    expect(all[Number(m![2]) - 1]).toContain('Section 1 of 15');
    expect(text.join(' ')).toContain('Field data from utilities is needed before licensing.');
  }, 60_000);

  it('is the report unchanged when there is no review', async () => {
    const { text } = await renderReportPdf(input);
    expect(text.join(' ')).not.toContain('Expert review');
  }, 60_000);

  it('draws names and text in other scripts with the report’s fallbacks', async () => {
    const { pdf } = await renderReportPdf({
      ...input,
      expertReview: { ...REVIEW, expertName: 'अनन्या शर्मा', reasons: '需要现场数据。', comments: [] },
    });
    // Devanagari comes back whole from its ActualText, though -layout places it apart from its line.
    const text = pages(pdf, 'scripts').join(' ');
    expect(text).toContain('अनन्या शर्मा');
    expect(text).toContain('需要现场数据。');
  }, 60_000);
});
