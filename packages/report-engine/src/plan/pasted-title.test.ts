import { describe, expect, it } from 'vitest';
import { splitPastedTitle, titleUses } from './pasted-title.ts';
import { buildReportPlan } from './report-plan.ts';

const ABSTRACT = 'A gallium nitride (GaN) device that has greatly superior current handling ability per unit area. The layout scheme uses island electrodes.';

describe('a pasted title line', () => {
  it('is read apart from the description when it reads as a title', () => {
    expect(splitPastedTitle(`Island matrixed gallium nitride transistors\n${ABSTRACT}`)).toEqual({ title: 'Island matrixed gallium nitride transistors', body: ABSTRACT });
  });

  it('is not a title when the first line is a sentence, or the whole text', () => {
    expect(splitPastedTitle(`A device is disclosed.\n${ABSTRACT}`).title).toBeNull();
    expect(splitPastedTitle(ABSTRACT).title).toBeNull();
  });

  it('names the uses after "for" (not a purpose such as "for measuring") and the kinds a coordination qualifies', () => {
    expect(titleUses('Island matrixed gallium nitride microwave and power switching transistors')).toEqual(['microwave transistors', 'power switching transistors']);
    expect(titleUses('Thin polymer membrane for treatment of saline water')).toEqual(['treatment of saline water']);
    expect(titleUses('Weldable corrosion resistant coating for steel and method of manufacture')).toEqual(['steel']);
    expect(titleUses('Device, system, and method for measuring internal impedance of a test battery')).toEqual([]);
    expect(titleUses('Seed treatment compositions and methods')).toEqual([]);
    expect(titleUses('Method and system for brake distribution in a regenerative braking system')).toEqual([]);
  });

  it('gives the plan its uses as named applications; the subject still comes from the description', () => {
    const plan = buildReportPlan(`Island matrixed gallium nitride microwave and power switching transistors\n${ABSTRACT}`, new Date('2026-01-01'));
    expect(plan.pastedTitle).toBe('Island matrixed gallium nitride microwave and power switching transistors');
    expect(plan.named.filter((n) => n.kind === 'application').map((n) => n.name)).toEqual(['microwave transistors', 'power switching transistors']);
    expect(plan.subject).toBe(buildReportPlan(ABSTRACT, new Date('2026-01-01')).subject);
  });

  it('takes the title\'s head as the subject when the description opens with what the invention is for', () => {
    const plan = buildReportPlan('Delivery device with tethering for implantable medical device\nAn implantable medical device includes an attachment member having an aperture. A delivery device includes a catheter shaft and a tether within a tube.', new Date('2026-01-01'));
    expect(plan.subject).toBe('delivery device');
    // …and what it is for is then its use.
    expect(plan.named.map((n) => n.name)).toEqual(['implantable medical device']);
  });
});
