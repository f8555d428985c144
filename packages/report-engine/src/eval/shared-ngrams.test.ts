import { describe, expect, it } from 'vitest';
import { sharedNgramShares } from './shared-ngrams.ts';
import { words } from './words.ts';

describe('words', () => {
  it('lower-cases and strips punctuation', () => {
    expect(words('The Filter’s pores, (10 nm) — UHMWPE!')).toEqual(['the', 'filter', 's', 'pores', '10', 'nm', 'uhmwpe']);
  });
});

describe('sharedNgramShares', () => {
  const common = 'this paragraph is the same boilerplate in every single report we write';
  it('counts the words of runs of eight shared with another report', () => {
    const [a, b] = sharedNgramShares([
      [common, 'alpha beta gamma'],
      [common, 'delta epsilon'],
    ]);
    expect(a).toEqual({ words: 15, sharedWords: 12, share: 12 / 15 });
    expect(b?.sharedWords).toBe(12);
  });
  it('ignores runs shorter than eight and runs repeated only inside one report', () => {
    const [a] = sharedNgramShares([[common, common], ['the same boilerplate in every single report']]);
    expect(a?.sharedWords).toBe(0);
  });
  it('does not join fragments into one run', () => {
    const [a] = sharedNgramShares([['one two three four', 'five six seven eight'], ['one two three four five six seven eight']]);
    expect(a?.sharedWords).toBe(0);
  });
  it('is normalisation-insensitive and handles empty reports', () => {
    const [a, b] = sharedNgramShares([['One, two; three four five six seven EIGHT.'], ['one two three four five six seven eight']]);
    expect(a?.share).toBe(1);
    expect(b?.share).toBe(1);
    expect(sharedNgramShares([[], ['x']])[0]).toEqual({ words: 0, sharedWords: 0, share: 0 });
  });
});
