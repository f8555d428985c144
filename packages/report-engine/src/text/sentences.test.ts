import { describe, expect, it } from 'vitest';
import { readListing } from './listing.ts';
import { splitSentences } from './sentences.ts';

describe('sentences', () => {
  it('does not break after the abbreviations listings and patents are full of', () => {
    expect(
      splitSentences(
        'The sensor (see Fig. 2) is described in U.S. Pat. No. 9,123,456 in detail. It measures e.g. impedance, i.e. the response. Smith et al. reported it.',
      ),
    ).toEqual([
      'The sensor (see Fig. 2) is described in U.S. Pat. No. 9,123,456 in detail.',
      'It measures e.g. impedance, i.e. the response.',
      'Smith et al. reported it.',
    ]);
  });

  it('still ends a sentence after an abbreviation that can close one', () => {
    expect(splitSentences('It is sold in the U.S. Then it ships. Acme Inc. is a licensee.')).toEqual([
      'It is sold in the U.S.',
      'Then it ships.',
      'Acme Inc. is a licensee.',
    ]);
  });

  it("does not break between a country's initials and its institution", () => {
    expect(splitSentences('The rights were bought from the U.S. Army by a start-up. It sells in the U.K. Shops stock it.')).toEqual([
      'The rights were bought from the U.S. Army by a start-up.',
      'It sells in the U.K.',
      'Shops stock it.',
    ]);
  });

  it('ends a sentence at a line break, so a label and each bullet stand alone', () => {
    expect(splitSentences('Applications:\n• Batteries\n• Recycling plants')).toEqual([
      'Applications:',
      '• Batteries',
      '• Recycling plants',
    ]);
  });
});

describe('a pasted listing', () => {
  const listing = readListing(
    'Rapid Impedance Analyzer for Cell Sorting\nA handheld instrument that measures cells.\nStage of Development: Proof of concept\nIt was compared with methods on the market.\nApplications:\n• Second-life grading\n• End-of-line testing\nPatents: US 10,123,456',
  );

  it('reads the first line as the title when it is one', () => {
    expect(listing.title).toBe('Rapid Impedance Analyzer for Cell Sorting');
  });

  it('reads labelled parts, a label alone on its line owning the bullets under it', () => {
    expect(listing.parts.map((p) => [p.kind, p.lines])).toEqual([
      [null, ['A handheld instrument that measures cells.']],
      ['stage', ['Proof of concept']],
      [null, ['It was compared with methods on the market.']],
      ['applications', ['Second-life grading', 'End-of-line testing']],
      ['ip', ['US 10,123,456']],
    ]);
  });

  it("does not read a member's first sentence as a title", () => {
    expect(readListing('We built a soil probe that reads nitrate in the field.\nIt costs $40.').title).toBeNull();
  });
});
