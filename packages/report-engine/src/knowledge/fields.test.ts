/**
 * The field classifier: what the invention IS, and the uses its inventor names, outweigh what it
 * acts on; a field the text does not settle is "uncertain", never a guess.
 */
import { describe, expect, it } from 'vitest';
import { alternativesFor } from './alternatives.ts';
import { classifyField, fieldChoice } from './fields.ts';

const read = (text: string, head: string, applications: string[] = []) => classifyField({ head, features: [], applications, text });

describe('the field of an invention', () => {
  it('a tester OF batteries is test and measurement, not energy storage', () => {
    const idea =
      'A battery impedance testing device applies an excitation current to a test battery and measures its response. It suits lithium batteries.';
    expect(read(idea, 'battery impedance testing device').field).toBe('test_measurement');
  });

  it('a membrane whose named uses are reverse and forward osmosis is a water technology', () => {
    const idea =
      'A nanoporous polymer membrane coated with a hydrophilic polymer. The membrane can be used in reverse osmosis or forward osmosis.';
    expect(read(idea, 'polymer membrane', ['reverse osmosis', 'forward osmosis']).field).toBe('water');
  });

  it('a vaccine adjuvant from a plant extract is pharma and biotech', () => {
    const idea = 'An adjuvant isolated from peanut skin extract, useful in immunogenic compositions and vaccines.';
    expect(read(idea, 'peanut skin extract adjuvant').field).toBe('pharma_biotech');
  });

  it('a swab or antigen test for an infection is diagnostics, even when it has electronics and an app', () => {
    const idea =
      'A handheld flu test with a reader chip. The antigen test uses a nasal swab and shows the result on a phone app within ten minutes; its false positive rate is 3 percent.';
    expect(read(idea, 'handheld flu test').field).toBe('diagnostics');
  });

  it('a material that turns sunlight into electricity, for solar cells, is energy generation', () => {
    const idea =
      'A developer of plastic solar cells will build solar cells for phones with a new semiconducting material called SunFilm which converts sunlight into electricity.';
    expect(read(idea, 'A new semiconducting material called SunFilm', ['converts sunlight into electricity']).field).toBe(
      'energy_generation',
    );
  });

  it('is uncertain, with low confidence, when nothing in the text names a field', () => {
    const reading = read('A thing that does something for someone.', 'thing');
    expect(reading.field).toBe('uncertain');
    expect(reading.confidence).toBe('low');
    expect(fieldChoice(reading.field, reading.confidence, 'A thing').neutral).toBe(true);
  });

  it('energy generation is not storage, and its standards are those of the generating technology the record names', () => {
    const text = 'A flexible perovskite solar cell module on a stretchable substrate, made roll to roll, for vehicle roofs.';
    const reading = read(text, 'perovskite solar cell module');
    expect(reading.field).toBe('energy_generation');
    const solar = fieldChoice(reading.field, reading.confidence, text);
    const cited = [...solar.profile.standards, ...solar.profile.regimes.map((r) => r.name)].join(' ');
    expect(cited).toMatch(/IEC 61215/);
    expect(cited).not.toMatch(/62619|62660|UL 9540|UN 38\.3|2023\/1542|61400|22734/);
    const windText = 'A wind turbine blade with a morphing trailing edge that sheds gust loads.';
    const wind = fieldChoice(read(windText, 'wind turbine blade').field, 'high', windText);
    expect(wind.profile.standards.join(' ')).toMatch(/61400/);
    expect(wind.profile.standards.join(' ')).not.toMatch(/61215/);
  });

  it('keeps a field\'s conditional rows ("applies if …") only when the record says the condition holds', () => {
    const retractor = 'A surgical retractor with a light guide that lights the cavity from inside.';
    const cited = (text: string) => {
      const p = fieldChoice('medical_devices', 'high', text).profile;
      return [...p.regimes.map((r) => r.name), ...p.standards].join(' ');
    };
    expect(cited(retractor)).not.toMatch(/Data protection|IEC 62304/);
    expect(cited(retractor)).toMatch(/2017\/745/);
    expect(cited(`${retractor} An app stores patient data and software adjusts the light.`)).toMatch(/Data protection[\s\S]*IEC 62304/);
    const coating = 'A seed coating of humic acids that improves germination.';
    expect(
      fieldChoice('agriculture_food', 'high', coating)
        .profile.regimes.map((r) => r.name)
        .join(' '),
    ).not.toMatch(/Drone/);
  });

  it("offers the field's usual applications and licensee types only where they fit the record", () => {
    const retractor = fieldChoice('medical_devices', 'high', 'A surgical retractor with a light guide that lights the cavity.').profile;
    expect(retractor.applications.map((a) => a.name).join(' ')).not.toMatch(/Home monitoring/);
    expect(retractor.licensees.join(' ')).not.toMatch(/digital health/);
    const patch = fieldChoice('medical_devices', 'high', 'A wearable patch that sends wound pH to an app for remote monitoring.').profile;
    expect(patch.applications.map((a) => a.name).join(' ')).toMatch(/Home monitoring/);
    expect(patch.licensees.join(' ')).toMatch(/digital health/);
  });

  it('treats an animal feed as feed: feed law, feed classes and feed makers, no plant-variety, soil or crop-trial rows', () => {
    const feed = fieldChoice(
      'agriculture_food',
      'high',
      'Protein feed pellets for salmon farms, made from algae grown on brewery side streams.',
    ).profile;
    expect(feed.regimes.map((r) => r.name).join(' ')).toMatch(/Feed law/);
    expect(feed.cpc[0]).toMatch(/^A23K/);
    expect(feed.cpc.join(' ')).not.toMatch(/A01B/);
    expect(feed.ipNotes).toEqual([]);
    expect(feed.licensees.join(' ')).toMatch(/feed manufacturers/);
    expect(feed.licensees.join(' ')).not.toMatch(/agri-input/);
    expect(feed.risks.map((r) => r.risk).join(' ')).toMatch(/feed/);
    expect(feed.risks.map((r) => r.risk).join(' ')).not.toMatch(/soil and climate/);
    // A crop input keeps the crop rows and gets none of the feed's.
    const coating = fieldChoice(
      'agriculture_food',
      'high',
      'A seed coating of humic acids that improves germination of wheat crops.',
    ).profile;
    expect(coating.ipNotes.join(' ')).toMatch(/Plant varieties/);
    expect(coating.cpc.join(' ')).toMatch(/A01B/);
    expect(coating.cpc.join(' ')).not.toMatch(/A23K/);
    expect(coating.regimes.map((r) => r.name).join(' ')).not.toMatch(/Feed law/);
  });

  it('compares a feed with feeds and proteins, and power on site with gensets and a fixed supply: no catch-all rows', () => {
    const names = (domain: Parameters<typeof alternativesFor>[0], text: string) =>
      alternativesFor(domain, text)
        .map((a) => a.approach)
        .join(' | ');
    const feed = names('agritech', 'insect protein feed pellets for trout farms that replace fishmeal');
    expect(feed).toMatch(/Conventional feed proteins[\s\S]*Other alternative proteins/);
    expect(feed).not.toMatch(/Conventional practice|Other agritech|extension/);
    // Feedback and a feed-in tariff are not feed.
    expect(names('agritech', 'a soil sensor that gives farmers feedback on irrigation')).not.toMatch(/feed proteins/);
    const crop = names('agritech', 'a seed coating that improves germination of wheat crops');
    expect(crop).toMatch(/Conventional practice/);
    expect(crop).not.toMatch(/Other agritech|feed/);
    const trailer = names('energy', 'a trailer-mounted solar array that powers irrigation pumps on site');
    expect(trailer).toMatch(/Diesel or petrol generators[\s\S]*Grid connection or a fixed solar installation/);
    expect(trailer).not.toMatch(/Mainstream clean technology|Efficiency and demand-side/);
  });

  it('compares a desalination process with desalination, not with filter media or tube wells', () => {
    const retractor = alternativesFor('medtech', 'a surgical retractor with a built-in led that lights the cavity')
      .map((a) => a.approach)
      .join(' | ');
    expect(retractor).toMatch(/instruments in use today[\s\S]*Lighting the field another way/);
    expect(retractor).not.toMatch(/hospital-grade devices|workflow change|wearables/);
    const desal = alternativesFor('water', 'a membrane for desalination of seawater')
      .map((a) => a.approach)
      .join(' ');
    expect(desal).toMatch(/Thermal desalination/);
    expect(desal).not.toMatch(/activated alumina|tube wells/);
    const filter = alternativesFor('water', 'a household filter that removes arsenic')
      .map((a) => a.approach)
      .join(' ');
    expect(filter).toMatch(/activated alumina/);
    expect(filter).not.toMatch(/Thermal desalination/);
  });
});
