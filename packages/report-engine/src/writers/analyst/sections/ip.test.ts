/** The IP sections say what a claim would be built from, or what to find out — never a row made of the product's name. */
import { describe, expect, it } from 'vitest';
import { generateReport } from '../../../generate-report.ts';
import { readRecord } from '../../../record/read-record.ts';

const report = async (idea: string, tier: 'basic' | 'advanced') =>
  (
    await generateReport({
      reportId: 'T-IP',
      idea,
      record: readRecord(idea),
      tier,
      ports: { llm: null, evidence: [], clock: { now: () => new Date('2026-11-29T00:00:00Z') } },
    })
  ).text.join('\n');

describe('what could be claimed', () => {
  it('is one line to find out when the record gives no parts, steps or uses, in every tier', async () => {
    const idea = 'Two students are learning to bring a product to market. They have filed a provisional patent application for BrightGrip.';
    for (const tier of ['basic', 'advanced'] as const) {
      const text = await report(idea, tier);
      expect(text).toContain('The parts, steps or use a claim would be built from.');
      expect(text).not.toMatch(/To decide · BrightGrip/);
    }
  });
});
