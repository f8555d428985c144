/** The regulatory class a medical device's record triggers, with the rule that gives it. */
import { describe, expect, it } from 'vitest';
import { generateReport } from '../generate-report.ts';
import { readRecord } from '../record/read-record.ts';
import { considerationsFor } from './considerations.ts';

const ids = (text: string) => considerationsFor(text, 'medical_devices').map((c) => c.id);

describe("a medical device's class", () => {
  it('follows from what the device is: an instrument, a dressing, a monitor', () => {
    expect(ids('a lighted surgical retractor with a battery-powered led')).toContain('surgical-instrument');
    expect(ids('a lighted surgical retractor with a battery-powered led')).not.toContain('ivd');
    expect(ids('a hydrogel dressing for chronic wounds that reads ph')).toContain('wound-contact');
    expect(ids('a finger clip that reads oxygen saturation and heart rate at home')).toContain('monitoring');
    // A word inside another is no trigger: a "burnout" survey tool is not a burn dressing.
    expect(ids('a survey tool for clinician burnout')).toEqual([]);
  });

  it("puts the rule in the report's regulatory section, and no in-vitro diagnostic rule for an instrument", async () => {
    const idea =
      'LumaRetract is a surgical retractor with a built-in LED that lights the surgical cavity. Surgeons hold it during open abdominal operations.';
    const report = await generateReport({
      reportId: 'T-1',
      idea,
      record: readRecord(idea),
      tier: 'basic',
      ports: { llm: null, evidence: [], clock: { now: () => new Date('2026-11-29T00:00:00Z') } },
    });
    const text = report.text.join('\n');
    expect(text).toMatch(/Annex VIII rule 6/);
    expect(text).not.toMatch(/2017\/746|in-vitro diagnostic/i);
  });
});
