import { describe, expect, it } from 'vitest';
import { readRecord } from '../record/read-record.ts';
import { buildReportPlan } from './build-plan.ts';
import { figuresFromNote, statedPrice } from './stated-figures.ts';

const record = readRecord('HeatLoop is a heat pump for apartment balconies. It retails at 2,400 EUR installed. Landlords would pay for it.');

describe('shared figures a note on a section states', () => {
  it('reads a new price and a launch year, and the plan sizes from the member\'s price', () => {
    expect(statedPrice(record)).toMatchObject({ value: 2400, unit: 'EUR' });
    const { record: next, changes } = figuresFromNote('Wrong: we will sell it for €1,990, and first sales will be in 2029.', record);
    expect(changes).toEqual([{ figure: 'launch year', to: 2029 }, { figure: 'price', to: 1990, unit: 'EUR' }]);
    expect(statedPrice(next)).toMatchObject({ value: 1990, unit: 'EUR', what: 'price' });
    // The old price is gone: the sizing cannot read it any more.
    expect(next.figures.filter((f) => f.unit === 'EUR')).toHaveLength(1);
    const plan = buildReportPlan(next, new Date('2026-11-28T00:00:00Z'));
    expect(plan.market.price?.as_stated).toMatch(/^€1,990/);
    expect(plan.launchCalendarYear).toBe(2029);
  });

  it('changes nothing for a note that states no shared figure, or the figures the record has', () => {
    expect(figuresFromNote('The problem is overstated.', record)).toEqual({ record, changes: [] });
    expect(figuresFromNote('It retails at 2,400 EUR, as written.', record)).toEqual({ record, changes: [] });
  });
});
