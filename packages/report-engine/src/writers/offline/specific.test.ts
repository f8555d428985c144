/** The filler filter: what names nothing of the idea goes, what carries its terms or figures stays. */
import { describe, expect, it } from 'vitest';
import { ideaVocabulary, isGeneric, longestGenericRun, tightenSection } from './specific.ts';
import { body, bullets, para, verify } from './blocks.ts';

const IDEA = 'A gallium nitride device with island electrodes rather than finger electrodes increases the active area density.';
const v = ideaVocabulary([IDEA]);

describe('generic text', () => {
  it.each([
    ['Ask each interviewee for the last time the problem occurred and what it cost.', true],
    ['Island electrodes raise the active area density of the gallium nitride device.', false],
    ['Reach TRL 4 within 18 months and budget USD 500k for it.', false],
    ['', false],
  ])('%s → generic %s', (text, expected) => expect(isGeneric(text, v)).toBe(expected));

  it('counts the longest run of words with nothing from the idea', () => {
    expect(longestGenericRun('island electrodes are good and they are all very fine indeed', v)).toBe(9);
  });
});

describe('tightenSection', () => {
  const section = body({
    summary: ['The gallium nitride device uses island electrodes. Order matters: secure the rights before any disclosure, then talk widely about it.'],
    blocks: [
      para('Decide in advance what answer would show the problem is too small to pay for.'),
      verify(['Have the benchmark run or witnessed by an independent laboratory of repute.', 'Active area density of the island layout, measured on wafers.']),
      bullets(['Build a list of ten to twenty named organisations from the sources above.']),
    ],
    next_steps: ['Assign an owner to every risk and review the scores every single month.', 'Measure the on-resistance of island electrodes against finger electrodes.'],
  });
  const out = tightenSection(section, v, 'gallium nitride device', ['gallium nitride device', 'island electrodes']);

  it('drops generic sentences, items and blocks, and keeps the specific ones', () => {
    // The opening sentence stays; a summary this short gets its dropped sentence back (at least ~120 characters).
    expect(out.summary[0]).toBe('The gallium nitride device uses island electrodes.');
    expect(out.blocks.map((b) => b.type)).toEqual(['callout', 'bullets']); // the paragraph goes; a list keeps one item
    expect(JSON.stringify(out.blocks)).toContain('Active area density');
    expect(JSON.stringify(out.blocks)).not.toContain('benchmark');
    expect(out.next_steps).toEqual(['Measure the on-resistance of island electrodes against finger electrodes.']);
  });

  it('never leaves a required list empty', () => {
    const generic = body({ summary: ['Order matters: secure the rights before any disclosure, then talk widely.'], blocks: [para('x')], next_steps: ['Assign an owner to every risk and review the scores every single month.'] });
    const t = tightenSection(generic, v, 'gallium nitride device');
    expect(t.summary.length).toBeGreaterThan(0);
    expect(t.next_steps).toHaveLength(1);
  });
});
