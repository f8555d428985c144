import { describe, expect, it } from 'vitest';
import { readRecord } from '../record/read-record.ts';
import { failures, THRESHOLDS, type EvalRun, type ItemResult, type TierResult } from './evaluate.ts';
import type { ExpectedRecord } from './record-check.ts';
import { checkRecord } from './record-check.ts';

const IDEA =
  'VoltScope is a handheld tester that measures the internal resistance of lithium-ion cells in 2 seconds. TRL 5. Patent pending.';
const EXPECTED: ExpectedRecord = {
  name: 'VoltScope',
  field: 'test_measurement',
  stage: { trl: 5 },
  ip: { status: 'filed', numbers: [], owner: null },
  applications: [],
  licensees: [],
  customers: [],
  figures: [],
};

function tier(share: number, extra: Partial<TierResult> = {}): TierResult {
  return {
    crashed: null,
    words: 1000,
    sharedWords: share * 1000,
    share,
    wholeShare: share,
    reportedTrls: [5],
    trlKept: true,
    missingInReport: [],
    outOfField: [],
    nearEmpty: [],
    pages: 10,
    ms: 1,
    ...extra,
  };
}

function run(items: Array<{ expected?: ExpectedRecord; basic: TierResult }>): EvalRun {
  const record = readRecord(IDEA);
  return {
    writer: 'offline',
    split: 'tuning',
    tiers: ['basic'],
    ngram: 8,
    items: items.map((i, n): ItemResult => ({
      id: `i${n}`,
      split: 'tuning',
      kind: 'member',
      record,
      check: checkRecord(record, i.expected ?? EXPECTED),
      tiers: { basic: i.basic },
    })),
  };
}

describe('the eval thresholds (issue 24, part 6)', () => {
  it('pass a set whose records are right and whose writing shares little', () => {
    expect(failures(run([{ basic: tier(0.1) }, { basic: tier(0.12) }]))).toEqual([]);
  });

  it('fail a set whose mean or max shared share is too high', () => {
    expect(failures(run([{ basic: tier(0.1) }, { basic: tier(THRESHOLDS.maxShare + 0.01) }]))).toEqual(
      expect.arrayContaining([expect.stringMatching(/basic: shared share max/)]),
    );
    expect(failures(run([{ basic: tier(0.16) }, { basic: tier(0.16) }]))).toEqual(
      expect.arrayContaining([expect.stringMatching(/basic: shared share mean/)]),
    );
  });

  it('fail a set where one name, stage or IP status is wrong, or a stated TRL is lost or a tier crashed', () => {
    const wrong = { ...EXPECTED, name: 'Volt Scope', stage: { trl: 6 }, ip: { status: 'granted', numbers: [], owner: null } };
    const f = failures(
      run([{ basic: tier(0.1) }, { expected: wrong, basic: tier(0.1, { trlKept: false }) }, { basic: tier(0, { crashed: 'boom' }) }]),
    );
    expect(f).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/names right: 2 of 3/),
        expect.stringMatching(/stated stage\/TRL right: 2 of 3/),
        expect.stringMatching(/IP status right: 2 of 3/),
        expect.stringMatching(/stated TRL kept/),
        expect.stringMatching(/crashed/),
      ]),
    );
  });

  it('fail a set where fewer than 90 % of fields are right', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({
      expected: i < 2 ? { ...EXPECTED, field: 'water' } : EXPECTED,
      basic: tier(0.1),
    }));
    expect(failures(run(items))).toEqual(expect.arrayContaining([expect.stringMatching(/field right: 8 of 10/)]));
    items[0]!.expected = EXPECTED;
    expect(failures(run(items)).filter((x) => x.startsWith('field'))).toEqual([]);
  });
});
