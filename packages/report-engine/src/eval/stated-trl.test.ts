import { describe, expect, it } from 'vitest';
import { checkStatedTrl, statedTrl } from './stated-trl.ts';

describe('statedTrl', () => {
  it.each([
    ['The prototype is at TRL 4 and has been tested.', 4],
    ['Technology Readiness Level (TRL): 5', 5],
    ['a technology readiness level of 3 was reached', 3],
    ['TRL-6 demonstrated in a relevant environment', 6],
  ])('reads %s', (text, level) => expect(statedTrl(text)).toBe(level));
  it('returns null when no TRL is stated', () => {
    expect(statedTrl('A membrane for reverse osmosis with 10 nm pores.')).toBeNull();
  });
  it('takes the first stated level', () => {
    expect(statedTrl('Now TRL 3; we aim for TRL 6 next year.')).toBe(3);
  });
});

describe('checkStatedTrl', () => {
  it('is kept only when every reported level equals the stated one', () => {
    expect(checkStatedTrl(4, [4, 4]).kept).toBe(true);
    expect(checkStatedTrl(4, [4, 3])).toEqual({ stated: 4, reported: [3, 4], kept: false });
    expect(checkStatedTrl(4, []).kept).toBe(false);
    expect(checkStatedTrl(null, [2]).kept).toBeNull();
  });
});
