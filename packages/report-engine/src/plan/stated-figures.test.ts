import { describe, expect, it } from 'vitest';
import { readRecord } from '../record/read-record.ts';
import { buildReportPlan } from './build-plan.ts';
import { figureStatement, figureText, figuresFromNote, sectionsStating, statedPrice } from './stated-figures.ts';

const record = readRecord(
  'HeatLoop is a heat pump for apartment balconies. It retails at 2,400 EUR installed. Landlords would pay for it.',
);

describe('shared figures a note on a section states', () => {
  it("reads a new price and a launch year, and the plan sizes from the member's price", () => {
    expect(statedPrice(record)).toMatchObject({ value: 2400, unit: 'EUR' });
    const { record: next, changes } = figuresFromNote('Wrong: we will sell it for €1,990, and first sales will be in 2029.', record);
    expect(changes).toEqual([
      { figure: 'launch year', to: 2029 },
      { figure: 'price', to: 1990, unit: 'EUR' },
    ]);
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

describe('counts and performance figures a note states', () => {
  const strip = readRecord(
    'AquaTrace: a paper test strip read by a smartphone camera that detects lead in drinking water down to 5 ppb in two minutes. ' +
      'We have 5 pilot customers and have sold 40 units. It sells for $25 per kit. Accuracy is 95 % against lab tests. ' +
      'Our customers would be municipal water utilities and schools.',
  );
  const figure = (r: typeof strip, what: RegExp) => r.figures.filter((f) => what.test(f.what));

  it('replaces a count the record holds, in place, with the note as its source, and names what moved', () => {
    expect(figure(strip, /pilot customers/)).toMatchObject([{ value: 5, unit: '' }]);
    const note = 'Wrong: we have 3 pilot customers, not five.';
    const { record: next, changes } = figuresFromNote(note, strip);
    expect(changes).toEqual([
      {
        figure: 'record',
        what: 'pilot customers',
        from: expect.objectContaining({ value: 5 }),
        to: expect.objectContaining({ value: 3, unit: '', stated_text: note }),
      },
    ]);
    expect(figure(next, /pilot customers/)).toMatchObject([{ value: 3, stated_text: note }]);
    // In the same place, every other figure kept.
    expect(next.figures.map((f) => f.what)).toEqual(strip.figures.map((f) => f.what));
    // The units sold came from the sentence that said "5 pilot customers": it says 3 now, as does the stage's quote.
    expect(figure(next, /^units$/)).toMatchObject([{ value: 40, stated_text: 'We have 3 pilot customers and have sold 40 units.' }]);
    expect(next.figures.filter((f) => !/units|pilot/.test(f.what))).toEqual(strip.figures.filter((f) => !/units|pilot/.test(f.what)));
    expect(strip.stage.stated_text).toBe('We have 5 pilot customers and have sold 40 units.');
    expect(next.stage).toEqual({ ...strip.stage, stated_text: 'We have 3 pilot customers and have sold 40 units.' });
    expect(JSON.stringify(next)).not.toMatch(/\b5 pilot customers/);
  });

  it("reads units sold and performance figures (a percentage, a detection limit) as the record's, whatever the note calls them", () => {
    const { record: next, changes } = figuresFromNote(
      'We have now sold 120 units. Accuracy is 98 % in field tests, and it detects down to 2 ppb.',
      strip,
    );
    expect(changes.map((c) => c.figure === 'record' && [c.what, c.from?.value, c.to.value, c.to.unit])).toEqual([
      ['units', 40, 120, ''],
      ['against lab tests', 95, 98, '%'],
      ['lead in drinking water', 5, 2, 'ppb'],
    ]);
    expect(next.figures.find((f) => f.unit === '%')).toMatchObject({ value: 98, what: 'against lab tests' });
    expect(next.figures.filter((f) => f.unit === 'ppb')).toHaveLength(1);
  });

  it('adds a count the record did not hold (from nothing), and changes nothing when the note restates the record', () => {
    const { record: next, changes } = figuresFromNote('The market section misses that we have 2 distribution partners.', strip);
    expect(changes).toEqual([
      { figure: 'record', what: 'distribution partners', from: null, to: expect.objectContaining({ value: 2, unit: '' }) },
    ]);
    expect(next.figures).toHaveLength(strip.figures.length + 1);
    expect(figuresFromNote('As written: 5 pilot customers, 40 units, 95 % accuracy.', strip)).toEqual({ record: strip, changes: [] });
    expect(figuresFromNote('This section is too long and repeats itself.', strip)).toEqual({ record: strip, changes: [] });
  });

  it('reads a count, a price and a launch year from one note, each once', () => {
    const { changes } = figuresFromNote('We have 3 pilot customers, we sell it for $30 per kit and first sales will be in 2028.', strip);
    expect(changes.map((c) => c.figure)).toEqual(['launch year', 'price', 'record']);
  });
});

describe('where a section states a figure', () => {
  const f = (value: number, unit: string, what: string) => ({ value, value_max: null, unit, what, stated_text: '' });

  it('finds a count with what it counts, a measure with its unit, money with its symbol or code — not the bare number elsewhere', () => {
    const pilots = figureStatement(f(5, '', 'pilot customers'));
    expect(pilots.test('We have 5 pilot customers.')).toBe(true);
    expect(pilots.test('5 paying pilot customers')).toBe(true);
    expect(pilots.test('At TRL 5, customers need data.')).toBe(false);
    expect(pilots.test('15 pilot customers')).toBe(false);
    expect(pilots.test('5.5 pilot customers')).toBe(false);
    const accuracy = figureStatement(f(95, '%', 'accuracy'));
    expect(['95 %', '95%', 'accuracy of 95 % in tests'].map((t) => accuracy.test(t))).toEqual([true, true, true]);
    expect(['195 %', '95 patients', '9.95 %'].map((t) => accuracy.test(t))).toEqual([false, false, false]);
    const big = figureStatement(f(12000, '', 'units a year'));
    expect(['12,000 units a year', '12000 units'].map((t) => big.test(t))).toEqual([true, true]);
    const kit = figureStatement(f(25, 'USD', 'price per kit'));
    expect(['$25 per kit', '25 USD', '$ 25'].map((t) => kit.test(t))).toEqual([true, true, true]);
    expect(['$250', '25 units'].map((t) => kit.test(t))).toEqual([false, false]);
    expect(figureText(f(25, 'USD', 'price'))).toBe('$25');
    expect(figureText(f(12000, '', 'units'))).toBe('12,000');
    expect(figureText({ ...f(10, '%', 'share'), value_max: 15 })).toBe('10–15 %');
    expect(figureText(f(2031, 'year', 'first revenue (launch)'))).toBe('2031');
  });

  it('names the sections whose text states the figure', () => {
    const sections = [
      ['market', { blocks: [{ rows: [['Customers', '5 pilot customers']] }] }],
      ['technical', { paragraphs: ['Works at TRL 5 with 5\nunits of staff.'] }],
      ['summary', { text: 'Five pilots so far.' }],
    ] as const;
    expect(sectionsStating(sections, [figureStatement(f(5, '', 'pilot customers'))])).toEqual(['market']);
    expect(sectionsStating(sections, ['5'])).toEqual(['market', 'technical']);
    expect(sectionsStating(sections, [])).toEqual([]);
  });
});

describe('money raised or won', () => {
  it('is funding: not the price, not a market figure, not a cost', () => {
    const plan = buildReportPlan(
      readRecord(
        'DryCrate is a solar dryer for mangoes. It sells for $300 a unit. It costs $120 to build. The team won $10,000 at the Regional Clean Energy Challenge.',
      ),
      new Date('2026-11-28T00:00:00Z'),
    );
    expect(plan.market.price?.as_stated).toMatch(/^\$300/);
    expect(plan.market.funding.map((a) => a.as_stated)).toEqual(['$10,000 Regional Clean Energy Challenge award']);
    expect(plan.market.otherAmounts.map((a) => a.as_stated)).toEqual(['$120 cost to build']);
  });
});

describe('what buyers pay today', () => {
  const plan = (idea: string) => buildReportPlan(readRecord(idea), new Date('2026-11-28T00:00:00Z')).market;

  it("is the price ceiling, never the invention's price", () => {
    const feed = plan('MealGrub is an insect protein for pig feed. Pig farms pay 1.60 €/kg for soy meal now.');
    expect(feed.price).toBeNull();
    expect(feed.todaysCost?.as_stated).toBe('€1.60 price per kg for soy meal now');
    const rent = plan(
      'A battery trailer for building sites. Site managers rent diesel generators for about 90 GBP a day, this replaces that.',
    );
    expect(rent.price).toBeNull();
    expect(rent.todaysCost?.as_stated).toBe('£90 rent of diesel generators a day');
  });

  it('leaves the price the member names as the price, and only the cost of making it as a cost', () => {
    const damper = plan(
      'A clamp-on damper for milling spindles. Our price is 2 400 EUR, a replacement gearbox costs 12k. It costs 300 EUR to build.',
    );
    expect(damper.price?.as_stated).toBe('€2,400 price');
    expect(damper.todaysCost).toBeNull();
    expect(damper.costs.map((a) => a.as_stated)).toEqual(['€300 cost to build']);
    expect(damper.otherAmounts.map((a) => a.as_stated)).toContain('€12,000 replacement gearbox');
  });
});
