import { describe, expect, it } from 'vitest';
import { analyseIdea } from './analyse-idea.ts';
import { estimateTrl } from './maturity.ts';
import { splitSentences } from './text-analysis.ts';

const trlOf = (text: string) => estimateTrl(splitSentences(text)).level;

describe('offline analyst: reading an idea', () => {
  it.each([
    ['A wearable ECG patch for patients after cardiac surgery that detects atrial fibrillation at home and alerts the clinic.', 'medtech'],
    ['Sodium-ion battery cells with a hard-carbon anode for stationary energy storage and solar microgrids.', 'storage'],
    ['A gravity-fed filter that removes arsenic and fluoride from groundwater to give villages safe drinking water.', 'water'],
    ['A mobile app with a deep learning model that diagnoses crop diseases from smartphone photos, offered as SaaS to agronomists.', 'software'],
    ['A biodegradable polymer coating made from chitosan that replaces plastic film in food packaging.', 'materials'],
    ['A precast modular wall panel of fire-resistant concrete that halves construction time for affordable housing.', 'construction'],
  ])('recognises the domain of %s', (idea, domain) => {
    expect(analyseIdea(idea).domain.id).toBe(domain);
  });

  it('falls back to a general domain when no cue matches', () => {
    expect(analyseIdea('A better way to organise the thing that everybody has, quickly and simply, every single day.').domain.id).toBe('general');
  });

  it('moves the TRL estimate with maturity cues', () => {
    const concept = trlOf('This is a concept for a new kind of solar window. We have a theoretical model.');
    const lab = trlOf('We ran laboratory experiments that show the coating works in vitro.');
    const prototype = trlOf('We built a working prototype and validated it in the lab.');
    const pilot = trlOf('The system ran as a pilot plant at a partner factory for three months.');
    const field = trlOf('Our units are in field trials at two hospitals.');
    const sold = trlOf('The product is on the market with paying customers in three states.');
    expect([concept, lab, prototype, pilot, field, sold]).toEqual([2, 3, 4, 6, 7, 9]);
  });

  it('treats plans and negations as plans, not evidence', () => {
    const t = estimateTrl(splitSentences('It is an early idea. We plan to build a prototype next year. We have not yet run a field trial.'));
    expect(t.level).toBeLessThan(4);
    expect(t.plans.length).toBeGreaterThanOrEqual(1);
    expect(t.confidence).toBe('low');
  });

  it('quotes its maturity evidence from the idea', () => {
    const t = estimateTrl(splitSentences('A sensor for soil moisture. We built a prototype and tested it in our lab on 40 soil samples.'));
    expect(t.level).toBe(4);
    expect(t.evidence.join(' ')).toContain('prototype');
  });

  it('extracts the subject, key terms, users, claims and IP cues from the text', () => {
    const a = analyseIdea(
      'A low-cost ceramic membrane filter coated with iron-oxide nanoparticles that removes arsenic from groundwater for rural households. ' +
        'Our filter works by gravity through a clay-based ceramic candle lined with a nanostructured iron-oxide coating. ' +
        'Lab tests reached below 10 µg/L arsenic for 500 litres. We published a paper on the coating last year.',
    );
    expect(a.subject).toBe('low-cost ceramic membrane filter');
    expect(a.keyTerms[0]).toBe(a.subject);
    expect(a.keyTerms.join(' | ')).toMatch(/iron-oxide/);
    expect(a.users).toContain('rural households');
    expect(a.claims.join(' ')).toContain('10 µg/L');
    expect(a.ip.disclosed.length).toBe(1);
    expect(a.title.toLowerCase()).toContain('ceramic membrane filter');
  });

  it('is deterministic', () => {
    const idea = 'A drone that maps weeds in sugarcane fields for farmers and sprays only where needed, cutting herbicide use by 60%.';
    expect(analyseIdea(idea)).toEqual(analyseIdea(idea));
  });

  it('takes as parts of the invention neither earlier work, its output, nor verb phrases', () => {
    const gan = analyseIdea('A gallium nitride (GaN) device that has greatly superior current handling ability per unit area than previously described GaN devices. The layout uses island electrodes rather than finger electrodes, conducting current over a larger active area.');
    expect(gan.components.join(' ; ')).not.toMatch(/described|previously/i);
    const desal = analyseIdea('Substantially pure water is produced via desalination using a directional solvent that directionally dissolves water but does not dissolve salt. The directional solvent is heated to dissolve water from the salt solution.');
    expect(desal.keyTerms.join(' ; ')).not.toMatch(/pure water|dissolves? (?:water|salt)|\bheated\b/i);
    const meter = analyseIdea('CellSight is a handheld instrument that measures the internal impedance of lithium-ion cells in under ten seconds, using impedance spectroscopy at five frequencies.');
    expect(meter.keyTerms.join(' ; ')).not.toMatch(/seconds/i);
    expect(meter.components.join(' ; ')).toMatch(/impedance spectroscopy/i);
  });
});
