/**
 * The subject extractor on real first sentences: the 15 corpus abstracts (published US patents,
 * corpus/corpus.json) and inventor-style openings. Each row: the idea's opening → the noun phrase
 * every section names the invention by.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitSentences } from '../writers/offline/text-analysis.ts';
import { extractSubjectPhrase, singular, subjectOf } from './subject.ts';

const corpus = JSON.parse(readFileSync(new URL('../../corpus/corpus.json', import.meta.url), 'utf8')) as {
  inventions: Array<{ id: string; text: string }>;
};
const textOf = (id: string) => corpus.inventions.find((i) => i.id === id)!.text;

describe('subject of a corpus abstract (whole text → subject)', () => {
  it.each([
    ['inl-battery-impedance', 'battery impedance testing device'],
    ['moth-eye-antireflective-surface', 'surface of an optical article'],
    ['uhmwpe-desalination-membrane', 'UHMWPE membrane'],
    ['mit-directional-solvent-desalination', 'desalination using a directional solvent'],
    ['lithium-bismuth-oxide-electrolyte', 'solid-state lithium ion electrolyte'],
    ['stretchable-perovskite-solar-modules', 'perovskite solar cell device'],
    ['implant-delivery-tether', 'implantable medical device'],
    ['lateral-flow-standardization', 'lateral flow assay strip reader system'],
    ['ml-connection-pruning', 'machine learning method'],
    ['gan-island-transistors', 'gallium nitride device'],
    ['weldable-anticorrosion-coating', 'anti-corrosion coating system'],
    ['humified-seed-treatment', 'seed composition'],
    ['am-oxygen-gas-mixture', 'metal powder additive manufacturing system'],
    ['smart-propellant-spacecraft', 'propulsion system'],
    ['peanut-skin-vaccine-adjuvant', 'peanut skin extract adjuvant'],
  ])('%s → %s', (id, expected) => {
    expect(extractSubjectPhrase(splitSentences(textOf(id)))).toBe(expected);
  });

  it('covers every corpus record', () => {
    expect(corpus.inventions).toHaveLength(15);
  });
});

describe('subject of one sentence (sentence → subject)', () => {
  it.each([
    ['The present invention relates to a novel water filter cartridge for rural households.', 'water filter cartridge'],
    ['The disclosure is directed to a heat exchanger comprising brazed aluminium plates.', 'heat exchanger'],
    ['Disclosed herein is a wearable ECG patch that detects atrial fibrillation.', 'wearable ECG patch'],
    ['Disclosed herein are heat-curable resin compositions.', 'heat-curable resin composition'],
    ['A method of making a ceramic membrane is described.', 'ceramic membrane'],
    ['Embodiments of the disclosure provide systems for providing secure messaging.', 'secure messaging system'],
    ['We developed a low-cost ceramic water filter coated with silver nanoparticles for rural households.', 'low-cost ceramic water filter'],
    ['VoltScope is a handheld instrument that measures the internal resistance of battery cells.', 'handheld instrument'],
    ['This invention relates to the production of biodegradable packaging films from seaweed.', 'biodegradable packaging film'],
    ['A catheter (12) has a balloon (14) at its distal end.', 'catheter'],
  ])('%s → %s', (sentence, expected) => {
    expect(subjectOf(sentence)).toBe(expected);
  });

  it('gives null rather than a pronoun or an empty phrase', () => {
    expect(subjectOf('It is.')).toBeNull();
    expect(subjectOf('')).toBeNull();
  });

  it('never returns a patent preamble or a whole clause', () => {
    for (const inv of corpus.inventions) {
      const s = extractSubjectPhrase(splitSentences(inv.text))!;
      expect(s, inv.id).not.toMatch(/\b(?:present invention|disclosure|relates|directed|disclosed|embodiments?|is|are|utili[sz]e|comprising|includes?)\b/i);
      expect(s.split(' ').length, inv.id).toBeLessThanOrEqual(8);
    }
  });
});

describe('singular', () => {
  it.each([
    ['devices', 'device'],
    ['batteries', 'battery'],
    ['electrolytes', 'electrolyte'],
    ['glass', 'glass'],
    ['apparatus', 'apparatus'],
    ['optics', 'optics'],
    ['UHMWPE', 'UHMWPE'],
  ])('%s → %s', (w, expected) => expect(singular(w)).toBe(expected));

  it('drops the patent "present" before the name ("The present wind turbine blade comprises …")', () => {
    expect(subjectOf('The present wind turbine blade comprises an airfoil structure.')).toBe('wind turbine blade');
  });
});
