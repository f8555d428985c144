/**
 * The offline parser behind "What we understood", on the forms real listings and members use.
 * Each case is a form, not a corpus item: the corpus (tuning and holdout) is measured by the eval.
 */
import { describe, expect, it } from 'vitest';
import { readRecord } from './read-record.ts';

describe('the stated stage', () => {
  it.each([
    ['technology readiness level (TRL) 5', 'The process has reached technology readiness level (TRL) 5 in a pilot reactor.', 5],
    ['TRL: 6', 'A coating for turbine blades.\nTRL: 6\nIt resists erosion.', 6],
    ['TRL 4-5 (the lower end)', 'Current status: TRL 4-5, validated on bench samples.', 4],
    ['we are at TRL 4', 'Our sensor reads nitrate in soil. We are at TRL 4 after lab trials.', 4],
    ['at level 3 on the TRL scale', 'The concept is at level 3 on the TRL scale.', 3],
    ['a basic prototype (a lab prototype, not a validated one)', 'Their sensor only exists as a basic prototype today.', 4],
  ])('reads %s', (_form, text, trl) => {
    expect(readRecord(`A test listing about a new device\n${text} The device is described here in enough words.`).stage.trl).toBe(trl);
  });

  it('maps a labelled stage in words and quotes it, never overridden by a market word, a target or a plan', () => {
    const r = readRecord(
      'Handheld Battery Impedance Analyzer\nA handheld instrument measures the impedance of battery cells in seconds.\nStage of Development: Proof of concept\nIt was compared with methods currently on the market and agreed within 3%.\nFunding need to TRL 9: 0–0 USD.\nNext: proceed to commercial validation.',
    );
    expect(r.stage).toEqual({ trl: 3, stated_text: 'Stage of Development: Proof of concept', label: 'Proof of concept' });
  });

  it('takes a plain statement of a working prototype tested on site as a stated stage', () => {
    expect(
      readRecord('We have a working prototype of a drip controller that was tested with 12 farmers in Nashik last season.').stage.trl,
    ).toBeGreaterThanOrEqual(5);
  });

  it('records no stage when none is stated, and says so among the unknowns', () => {
    const r = readRecord('A filter cartridge that removes arsenic from well water using iron oxide coated sand, for rural households.');
    expect(r.stage).toEqual({ trl: null, stated_text: null, label: null });
    expect(r.unknowns.join(' ')).toMatch(/stage/i);
  });

  it('does not read a target TRL as the stage', () => {
    expect(readRecord('A sodium battery cathode. We need funding to reach TRL 7 by 2028.').stage.trl).toBeNull();
  });
});

describe('the stated IP', () => {
  it('reads "U.S. Pat. No. 9,123,456" as a granted patent with its number as written', () => {
    const r = readRecord(
      'A catheter valve with a soft seal. The valve is protected by U.S. Pat. No. 9,123,456 owned by Example Medical Inc.',
    );
    expect(r.ip.status).toBe('granted');
    expect(r.ip.numbers).toEqual(['U.S. Pat. No. 9,123,456']);
    expect(r.ip.owner).toBe('Example Medical Inc');
  });

  it('reads "US Patent 10,123,456 issued" and "patent pending"', () => {
    expect(readRecord('A lens coating. US Patent 10,123,456 issued in 2019.').ip).toMatchObject({
      status: 'granted',
      numbers: ['US Patent 10,123,456'],
    });
    expect(readRecord('A lens coating that repels water, patent pending.').ip.status).toBe('filed');
  });

  it('reads publications, PCT and provisional numbers', () => {
    const r = readRecord(
      'A soil probe. Filed as PCT/US2021/012345, published as WO 2022/123456; claims priority to Provisional Application No. 62/634,849.',
    );
    expect(r.ip.status).toBe('published');
    expect(r.ip.numbers).toEqual(expect.arrayContaining(['PCT/US2021/012345', 'WO 2022/123456']));
    expect(r.ip.numbers.join(' ')).toContain('62/634,849');
  });

  it('reads a serial number printed with a space after its slash ("Application Number 16/ 104,824") as a filing', () => {
    const r = readRecord('An agency may license the invention claimed in U.S. Patent Application Number 16/ 104,824 to a small firm.');
    expect(r.ip.status).toBe('filed');
    expect(r.ip.numbers.join(' ')).toContain('16/104,824');
  });

  it('reads a denial as no filing', () => {
    expect(readRecord('A bike light powered by the wheel. No patent has been filed yet.').ip.status).toBe('none');
  });

  it('leaves the status unknown when nothing is stated', () => {
    expect(readRecord('A bike light powered by the wheel hub through a small generator.').ip).toMatchObject({
      status: 'unknown',
      numbers: [],
      owner: null,
    });
  });
});

describe('names', () => {
  it('keeps a hyphenated product name exactly as written', () => {
    expect(readRecord('PFAS-Annihilator destroys per- and polyfluoroalkyl substances in water with a plasma reactor.').name).toBe(
      'PFAS-Annihilator',
    );
    expect(readRecord('Bio-Sense is a skin patch that reads lactate from sweat.').name).toBe('Bio-Sense');
  });

  it('takes a name the text gives, without the words around it', () => {
    const r = readRecord('Our device, called VoltScope, measures battery impedance in ten seconds for recyclers.');
    expect(r).toMatchObject({ name: 'VoltScope', name_stated: true });
  });

  it('never takes the organisation at the start of a sentence for the product', () => {
    const r = readRecord('NASA Glenn Research Center has developed a coating that protects engine parts from oxidation at 1,300 °C.');
    expect(r.name).not.toMatch(/NASA|Glenn|Research Center/);
    expect(r.name_stated).toBe(false);
  });

  it('takes a pasted title as the name when the text names no product', () => {
    expect(
      readRecord('Method of making a surface with improved optical properties\nA process for preparing a surface of an optical article.')
        .name,
    ).toBe('Method of making a surface with improved optical properties');
  });

  it('gives an unnamed idea a descriptive name, not a technique or a team', () => {
    const lora = readRecord('LoRa sensors on solar farms and telecom towers that warn of theft of cables, for operators in India.');
    expect(lora.name).not.toBe('LoRa');
    expect(lora.name_stated).toBe(false);
    const team = readRecord('Our team builds a vibration monitor for solar farms and telecom towers that detects cable theft.');
    expect(team.name).not.toMatch(/^Our team/);
    expect(team.name.toLowerCase()).toContain('vibration monitor');
  });
});

describe('what the inventor names', () => {
  it('reads licensees from "Companies interested in licensing … may include …"', () => {
    const r = readRecord(
      'A battery tester.\nCompanies interested in licensing this technology may include battery recyclers, test equipment manufacturers and EV OEMs.',
    );
    expect(r.licensees).toEqual(['battery recyclers', 'test equipment manufacturers', 'EV OEMs']);
  });

  it('reads the lines under "Applications:" as written', () => {
    const r = readRecord(
      'Impedance analyzer for cells\nA handheld instrument for cells.\nApplications:\n• Second-life battery grading at recycling plants\n• End-of-line testing in cell manufacturing',
    );
    expect(r.applications).toEqual(
      expect.arrayContaining(['Second-life battery grading at recycling plants', 'End-of-line testing in cell manufacturing']),
    );
  });

  it('reads an inline "Applications: A, B and C" as three', () => {
    expect(readRecord('A glass coating.\nApplications: eyewear, camera lenses and solar covers').applications).toEqual([
      'eyewear',
      'camera lenses',
      'solar covers',
    ]);
  });

  it("keeps the inventor's figures with their units and sentences", () => {
    const r = readRecord(
      'A suture clip for laparoscopic surgery. About 12,000 procedures a year in India could use it, and it sells for $40 a unit.',
    );
    expect(r.figures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 12000, unit: '', what: expect.stringContaining('procedures') }),
        expect.objectContaining({ value: 40, unit: 'USD', what: expect.stringContaining('price') }),
      ]),
    );
    expect(r.figures.every((f) => f.stated_text.includes('12,000 procedures'))).toBe(true);
  });

  it('names a value by the word after it that says which ("4.8 kW peak"), never by the next clause ("…, we call it …")', () => {
    const r = readRecord(
      'A cart-mounted wind turbine that unfolds in 15 minutes, we call it GustCart. It gives 3.2 kW peak, enough for a site office.',
    );
    expect(r.figures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 3.2, unit: 'kW', what: 'peak' }),
        expect.objectContaining({ value: 15, unit: 'minutes', what: expect.not.stringMatching(/call|GustCart/) }),
      ]),
    );
  });

  it('names a share by what it is of ("cuts 30% of the water used")', () => {
    const r = readRecord('A drip emitter for orchards. It cuts 30% of the water used in summer irrigation.');
    expect(r.figures).toEqual([expect.objectContaining({ value: 30, unit: '%', what: 'of the water used in summer irrigation' })]);
  });

  it('does not take a length of time for a use ("keeps milk cold for a day", "runs for two full seasons")', () => {
    expect(readRecord('An insulated dairy crate with a phase-change lining keeps milk cold for a day.').applications).toEqual([]);
    expect(readRecord('A drip line that runs for two full seasons without clogging.').applications).toEqual([]);
  });

  it('takes "X pay …" as X being a customer, even when the description was "… for X"', () => {
    const r = readRecord('Reusable proofing baskets for small bakeries. Small bakeries pay 2.50 €/basket for cane baskets now.');
    expect(r.customers).toEqual(['Small bakeries']);
    expect(r.applications.map((a) => a.toLowerCase())).not.toContain('small bakeries');
  });

  it('reads a price written with the symbol after it and per a unit ("pay 1.80 €/kg for fishmeal feed")', () => {
    const r = readRecord('Insect protein pellets for fish farms. Trout farms pay 1.80 €/kg for fishmeal feed now. A kit costs 250 ₹.');
    expect(r.figures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 1.8, unit: 'EUR', what: 'price per kg for fishmeal feed now' }),
        expect.objectContaining({ value: 250, unit: 'INR', what: 'cost' }),
      ]),
    );
  });

  it('does not take patent numbers, years, TRLs or figure references for figures', () => {
    const r = readRecord('A valve (Fig. 3) first made in 2019, now at TRL 4, under U.S. Pat. No. 9,123,456 and ISO 13485.');
    expect(r.figures).toEqual([]);
  });
});

describe('forms members and notices use (found on the tuning set)', () => {
  it('reads an inline "Stage: proof of concept." and who is beta testing it now as stated stages', () => {
    expect(
      readRecord('Our solid-state sodium battery uses a new sulfide electrolyte. Stage: proof of concept. Provisional filed.').stage,
    ).toMatchObject({ trl: 3, label: 'proof of concept' });
    expect(
      readRecord('ChatterStop-X is a clamp-on damper for CNC milling spindles. 8 machine shops are beta testing it right now.').stage.trl,
    ).toBeGreaterThanOrEqual(5);
    expect(
      readRecord('Their device only exists as a basic prototype today, but a provisional application was filed.').stage.trl,
    ).toBeGreaterThanOrEqual(4);
  });

  it('names the product from its own noun phrase, without the sentence around it', () => {
    expect(
      readRecord('Our solid-state sodium battery uses a new sulfide electrolyte that is stable in air. Coin cells reached 500 cycles.')
        .name,
    ).toBe('Solid-state sodium battery');
    expect(readRecord('A biodegradable packaging foam made from mycelium grown on agricultural waste. It replaces polystyrene.').name).toBe(
      'Biodegradable packaging foam made from mycelium',
    );
    expect(readRecord('I built a trailer-mounted solar array, we call it SunCart-3. 12 panels, 4.8 kW peak.').name).toBe('SunCart-3');
  });

  it('takes neither a headline, a table header nor an ordinary compound for the name', () => {
    expect(
      readRecord(
        'Navy lab transfers technology to firm in just 13 days\nThe lab licenses a patented structural fatigue measuring tool to a small business.',
      ).name_stated,
    ).toBe(false);
    expect(
      readRecord('Country | Type | Number | Dated | Case |\nA single-ion conducting polymer electrolyte for lithium batteries.').name,
    ).not.toContain('|');
    const notice = readRecord(
      'Notice of Intent To Grant a Partially Exclusive Patent License\nNASA hereby gives notice of its intent to grant a license to the invention "Cryogenic Flux Capacitor for Solid-State Storage," NASA Case Number KSC-14075, to a company.',
    );
    expect(notice.name).toBe('Cryogenic Flux Capacitor for Solid-State Storage');
  });

  it('reads who uses it and what it is for as the inventor wrote them', () => {
    const r = readRecord(
      'BrakeGlow is a rear bike light with an accelerometer. I have printed 20 units and my cycling club is using them. Target users: commuters who ride at night.',
    );
    expect(r.customers).toEqual(expect.arrayContaining(['cycling club', 'commuters']));
    expect(readRecord('ChatterStop-X is a clamp-on damper for CNC milling spindles. It cuts chatter.').applications).toContain(
      'CNC milling spindles',
    );
  });

  it('reads a spaced EP number, and counts as counts', () => {
    const r = readRecord('Self-healing concrete. Patent granted: EP 3 123 456 B1. Trained on 3,000 patients at two hospitals.');
    expect(r.ip.numbers).toEqual(['EP 3 123 456']);
    expect(r.figures).toEqual([expect.objectContaining({ value: 3000, unit: '', what: 'patients at two hospitals' })]);
  });
});

describe('what it is, how it works and what it makes possible', () => {
  const r = readRecord(
    'Our solid-state sodium battery uses a new sulfide electrolyte that is stable in air, so cells can be assembled outside a dry room. Coin cells reached 500 cycles at 80% capacity retention. Stage: proof of concept. US provisional application filed in 2025.',
  );

  it('keeps a used material with its property as a feature, not the sentence around it', () => {
    expect(r.features).toEqual(['new sulfide electrolyte that is stable in air']);
  });

  it('reads what a "so …" clause makes possible as an advantage', () => {
    expect(r.advantages).toContain('Cells can be assembled outside a dry room');
  });

  it('takes no result, stage or filing sentence for the mechanism', () => {
    expect(r.mechanism).not.toMatch(/Coin cells|Stage:|provisional/);
  });
});

describe('ideas typed the way members type them', () => {
  it('reads who made it apart from what it is, and a list of customers written before the cue', () => {
    const r = readRecord(
      'Our lab at Lakeshore University developed SnowSense, a low-cost acoustic sensor that clips onto a ski-lift tower and listens for the cracking sound that precedes an avalanche slab release. ' +
        'A small neural network on the device flags the pattern and radios an alert over LoRaWAN within 2 seconds. We ran it for one winter on 3 towers at Crystal Peak resort and caught 4 of 5 recorded slides. ' +
        'Ski resorts, highway departments in mountain states and railway operators in the Alps are the customers.',
    );
    expect(r.summary).toMatch(/^SnowSense, a low-cost acoustic sensor/);
    expect(r.features).toContain('low-cost acoustic sensor');
    expect(r.mechanism).toBe('A small neural network on the device flags the pattern and radios an alert over LoRaWAN within 2 seconds.');
    expect(r.customers).toEqual(['Ski resorts', 'highway departments in mountain states', 'railway operators in the Alps']);
    // "listens for the cracking sound" is what it does, not a use.
    expect(r.applications).toEqual([]);
  });

  it('takes the sentences that describe the thing at work as its features and mechanism, never the story around it', () => {
    const mango = readRecord(
      "We built a robot arm attachment that peels mangoes. A camera finds the fruit's orientation and a spring-loaded blade follows the skin at 0.5 mm depth. Juice factories in India and Mexico would buy it.",
    );
    expect(mango.mechanism).toBe("A camera finds the fruit's orientation and a spring-loaded blade follows the skin at 0.5 mm depth.");
    expect(mango.customers).toEqual(['Juice factories in India and Mexico']);
    const story = readRecord(
      'They developed a surgical retractor with a battery-powered LED in a class. The young women started the project in spring 2011. Their assignment was to come up with a concept for a product.',
    );
    expect(story.mechanism).toBe('');
    expect(story.features.join(' ')).not.toMatch(/young women|assignment/);
  });

  it('names the thing, not the team that made it, and reads "X would pay for it" with a longer subject', () => {
    const r = readRecord(
      'The team at Norland Hospital developed a disposable catheter sleeve that releases silver ions when bacteria raise the local pH. Hospitals and long-term care homes are the users.',
    );
    expect(r.name).toBe('Disposable catheter sleeve');
    expect(r.customers).toEqual(['Hospitals', 'long-term care homes']);
    expect(
      readRecord('HeatLoop is a heat pump for apartment balconies. Landlords and social housing companies would pay for it.').customers,
    ).toEqual(['Landlords', 'social housing companies']);
    expect(readRecord('GripDry is a chalk substitute. It would pay for itself in a month.').customers).toEqual([]);
  });
});

describe('names in licensing news', () => {
  it('takes the name a team gave it ("named it the “…”") and a patent title quoted after "the title"', () => {
    expect(readRecord('The students named it the “quiet valve” pump controller. It cuts water hammer in old pipes by half.').name).toBe(
      'quiet valve',
    );
    expect(
      readRecord(
        'The lab offers two patents for licensing. Both applications share the title “Thermal Buffer for Modular Battery Racks.” They keep cells within 2 °C.',
      ).name,
    ).toBe('Thermal Buffer for Modular Battery Racks');
  });

  it('never takes the dateline of a news release for the product', () => {
    const r = readRecord(
      'BOZEMAN, Mont. (KBZK) – Two engineers at Montana State University built a hail sensor for wheat fields. It counts hailstones and sends the count to a phone.',
    );
    expect(r.name).not.toMatch(/BOZEMAN|KBZK/);
  });
});

describe('how listings, abstracts and members name uses, buyers and licensees', () => {
  const apps = (idea: string) => readRecord(idea).applications;
  const customers = (idea: string) => readRecord(idea).customers;
  const licensees = (idea: string) => readRecord(idea).licensees;

  it('reads "licensed (exclusively) to X" without the date after it', () => {
    expect(licensees('A hull coating. The coating was licensed exclusively to Harbour Marine Ltd in 2022.')).toEqual([
      'Harbour Marine Ltd',
    ]);
  });

  it('reads the licensee after what was licensed ("licensed the rights to the sensor to X"), and never an owner\'s patents as a licensee', () => {
    expect(licensees('A soil probe. The institute licensed the exclusive rights to the probe to Verdant Instruments last spring.')).toEqual(
      ['Verdant Instruments'],
    );
    expect(licensees('A hull coating. Two founders took a license to Navy’s patents to make boat paint.')).toEqual([]);
  });

  it('reads the company set up to commercialise it, and the party a licence agreement is signed with', () => {
    expect(
      licensees(
        'A grain dryer. “It halves drying time,” said Tom Reyes, president of Prairie Heat Systems, the company formed to commercialize the dryer.',
      ),
    ).toEqual(['Prairie Heat Systems']);
    expect(
      licensees(
        'A road sealant. Northfield Polymers LLC, a firm that was created specifically to sell the sealant, paid its first royalty.',
      ),
    ).toEqual(['Northfield Polymers LLC']);
    expect(licensees('A glazing film. The inventor entered into a license agreement with Clearview Glass Corporation in March.')).toEqual([
      'Clearview Glass Corporation',
    ]);
    // An agreement with a university or a laboratory names the licensor, not the licensee.
    expect(licensees('A triage app. Medico signed a patent license agreement with the Naval Research Laboratory.')).toEqual([]);
  });

  it("reads the company a notice's licence is granted to, not the country or what it allows", () => {
    expect(
      licensees(
        'A lens mount. The Agency intends to grant an exclusive patent license in Canada to make the devices described in Application No. 12/345,678 to Keller Optics, having its principal place of business in Denver, Colorado.',
      ),
    ).toEqual(['Keller Optics']);
  });

  it('reads who licensed it from an owner, and names the thing licensed rather than the person of a place', () => {
    const r = readRecord(
      'Maria Lopez of Porto has run a bakery for 20 years. Last month, Maria Lopez licensed from the University of Minho a humidity-controlled dough proofing cabinet. It keeps dough at 80% humidity.',
    );
    expect(r.licensees).toEqual(['Maria Lopez']);
    expect(r.name).toBe('Humidity-controlled dough proofing cabinet');
    expect(r.name_stated).toBe(false);
  });

  it('takes neither a person of a place nor a partner for the thing, in the name or the summary', () => {
    const r = readRecord(
      'Jane Okafor of Leeds has been a dairy farmer for 30 years. The new milk cooler was designed to chill milk in ten minutes. In May, the lab partnered with AgriNova to sell it.',
    );
    expect(r.name).toBe('New milk cooler');
    expect(r.summary).toMatch(/^The new milk cooler/);
  });

  it('names the invention where "researchers at X are developing" it, not the background that opens the listing', () => {
    const r = readRecord(
      'Cement production emits 8% of global CO2. Kilns are hard to electrify. To address this, researchers at Delft University are developing a microwave-heated kiln lining that reaches 1,400 °C.',
    );
    expect(r.name).toBe('Microwave-heated kiln lining');
  });

  it('reads the buyers who pay for the job today as customers', () => {
    expect(customers('A solar ice maker. Bakeries and small restaurants in our town buy ice every morning.')).toEqual([
      'Bakeries',
      'small restaurants',
    ]);
    expect(customers('A solar ice maker. Conventional batteries use liquid electrolytes.')).toEqual([]);
  });

  it('reads the trade a "so … can" clause names, but not a generic user', () => {
    expect(customers('The sensor glows when a pipe leaks, so plumbers can find the leak without opening the wall.')).toEqual(['plumbers']);
    expect(customers('The knob allows the operator to adjust the flow.')).toEqual([]);
    expect(customers('A marking app. It helps teachers grade essays in half the time.')).toEqual(['teachers']);
  });

  it('reads the condition "N people live with" as what it treats', () => {
    expect(apps('A cooling cream. About 400,000 people in Norway live with psoriasis.')).toEqual(['psoriasis']);
    expect(apps('A glucose patch. 30 million people have diabetes in the US.')).toEqual(['diabetes']);
    expect(apps('A water filter. Many people have no access to clean water.')).toEqual([]);
  });

  it('reads what a member says it runs or charges, not what it runs on', () => {
    expect(apps('A pedal generator on a cart, powers a milking machine or charges electric fences.')).toEqual([
      'milking machine',
      'electric fences',
    ]);
    expect(apps('A pedal generator. It runs on two AA batteries and charges 20 EUR a month.')).toEqual([]);
    expect(apps('A tutoring app. It charges a monthly fee of 5 EUR per class.')).toEqual([]);
  });

  it('reads what it replaces as the market it takes a share of', () => {
    expect(apps('Algae binder pellets. Replaces 30% of the cement in a concrete mix.')).toEqual(['replacement for cement']);
    expect(apps('A heat battery: a drop-in replacement for diesel heaters.')).toEqual(['replacement for diesel heaters']);
    expect(apps('A heat battery. This replaces that.')).toEqual([]);
    expect(apps('A sorting robot. It replaces a 3-step process.')).toEqual([]);
  });

  it('reads "useful in the preparation of X and Y" as two uses', () => {
    expect(apps('A seaweed extract. The extract may be useful in the preparation of animal feeds and pet treats.')).toEqual([
      'animal feeds',
      'pet treats',
    ]);
  });

  it('reads where the shapes it handles occur ("such as those common in …")', () => {
    expect(apps('A bendable solar panel. The panels bend to curved surfaces, such as those common in boat hulls.')).toEqual(['boat hulls']);
  });

  it('reads the example a purpose names ("to propel a drone or other small aircraft")', () => {
    expect(apps('A water-jet thruster. The thruster uses water jets to propel a drone or other small aircraft.')).toEqual(['drone']);
  });

  it('reads the system it was demonstrated in, but not "a working system"', () => {
    expect(apps('A ceramic separator. The team has demonstrated a sodium-ion pouch cell with the new separator.')).toEqual([
      'sodium-ion pouch cell',
    ]);
    expect(apps('A ceramic separator. We have demonstrated a working system.')).toEqual([]);
  });

  it("reads the two kinds a title's head noun takes, but not the properties of a part", () => {
    expect(apps('Low-noise optical and radio receivers\nA receiver front end with a cooled amplifier.')).toEqual(
      expect.arrayContaining(['optical receivers', 'radio receivers']),
    );
    expect(apps('Coating with improved thermal and optical properties\nA coating of silica particles.')).not.toContain(
      'optical properties',
    );
  });
});

describe('a story about the people before the thing', () => {
  it('takes the sentence that introduces the named thing as what it is, not the opening about its makers', () => {
    const r = readRecord(
      'Two chemistry students are learning what it takes to bring a product to market. They designed a clip-on filter cartridge for garden hoses called the HoseGuard. It removes lead from the water.',
    );
    expect(r.name).toBe('HoseGuard');
    expect(r.summary).toBe('A clip-on filter cartridge for garden hoses called the HoseGuard.');
  });

  it('reads past "The technology invented at X by Y is that of" to the thing', () => {
    expect(
      readRecord(
        'The technology invented at Lakeside University by Dr Ana Ruiz, a chemist, is that of a coating called FrostOff which keeps wind turbine blades free of ice.',
      ).summary,
    ).toBe('A coating called FrostOff which keeps wind turbine blades free of ice.');
  });

  it('keeps a first sentence that says what it is, and never takes "It is called …" for it', () => {
    expect(
      readRecord(
        'A clip-on filter cartridge removes lead from garden-hose water in one pass. It is called HoseGuard and sells in two countries.',
      ).summary,
    ).toBe('A clip-on filter cartridge removes lead from garden-hose water in one pass.');
  });
});

describe('money won', () => {
  it('names a prize by the competition it was won at, or as prize money, and never as a price or a market', () => {
    const won = readRecord(
      'A solar dryer for mangoes that halves drying time for smallholders. The team won $10,000 at the Regional Clean Energy Challenge last spring.',
    ).figures;
    expect(won).toContainEqual(expect.objectContaining({ value: 10000, unit: 'USD', what: 'Regional Clean Energy Challenge award' }));
    const prize = readRecord(
      'A solar dryer for mangoes that halves drying time for smallholders. We received a $25,000 prize for it.',
    ).figures;
    expect(prize).toContainEqual(expect.objectContaining({ value: 25000, what: 'prize money' }));
  });
});

describe('money the way members write it', () => {
  const figures = (idea: string) => readRecord(idea).figures.map((f) => [f.value, f.unit, f.what]);

  it('reads an amount grouped by spaces, and "15k" in the currency the sentence uses (never 15 kelvin)', () => {
    expect(figures('A clamp-on damper for milling spindles. Our price is 2 400 EUR, a replacement gearbox costs 12k.')).toEqual(
      expect.arrayContaining([
        [2400, 'EUR', 'price'],
        [12000, 'EUR', 'replacement gearbox'],
      ]),
    );
    expect(figures('A clamp-on damper for milling spindles. It holds 15k cycles.')).not.toContainEqual(expect.arrayContaining(['k']));
  });

  it('names a rent by what is rented', () => {
    expect(figures('A battery trailer for building sites. Site managers rent diesel generators for about 90 GBP a day.')).toContainEqual([
      90,
      'GBP',
      'rent of diesel generators a day',
    ]);
  });
});

describe('advantages', () => {
  it('takes no sentence about the gap it fills ("there was room for improvement") for an advantage', () => {
    const r = readRecord(
      'GlowClamp is a dental clamp with a built-in light. After talking to dentists about how the mouth is lit, we found there was room for improvement. The clamp is lighter than a headlamp.',
    );
    expect(r.advantages.join(' ')).not.toMatch(/room for improvement/);
  });
});
