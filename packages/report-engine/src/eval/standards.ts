/**
 * A small table of standards and regulations and the fields they belong to. A report on an
 * invention of one field that cites a standard belonging only to other fields (a toy-safety
 * standard in a report on a battery tester, ISO 10993 biocompatibility in a report on a solar
 * module) has been padded with another field's boilerplate.
 *
 * Generic standards (ISO 9001, ISO/IEC 17025, ISO 14040 LCA, GDPR) are left out on purpose: they
 * fit any field.
 */
import type { InventionFieldId } from '@assay/shared';

type Field = InventionFieldId;

export interface StandardEntry {
  /** How the report names it (for the results table). */
  name: string;
  pattern: RegExp;
  fields: readonly Field[];
}

const ELECTRICAL: readonly Field[] = [
  'test_measurement',
  'optics_photonics',
  'semiconductors_electronics',
  'energy_storage',
  'energy_generation',
  'medical_devices',
  'diagnostics',
  'manufacturing',
  'space_aerospace',
];

const s = (name: string, pattern: RegExp, fields: readonly Field[]): StandardEntry => ({ name, pattern, fields });

export const STANDARDS: readonly StandardEntry[] = [
  // Medical devices and diagnostics
  s('ISO 10993', /\bISO\s*10993\b/i, ['medical_devices']),
  s('ISO 13485', /\bISO\s*13485\b/i, ['medical_devices', 'diagnostics']),
  s('ISO 14971', /\bISO\s*14971\b/i, ['medical_devices', 'diagnostics']),
  s('IEC 60601', /\bIEC\s*60601\b/i, ['medical_devices']),
  s('IEC 62304', /\bIEC\s*62304\b/i, ['medical_devices', 'diagnostics', 'software_ai']),
  s('IEC 62366', /\bIEC\s*62366\b/i, ['medical_devices', 'diagnostics']),
  s('EU MDR (EU) 2017/745', /\b2017\/745\b/, ['medical_devices', 'diagnostics']),
  s('EU IVDR (EU) 2017/746', /\b2017\/746\b/, ['diagnostics', 'medical_devices']),
  s('ISO 15189', /\bISO\s*15189\b/i, ['diagnostics']),
  s('21 CFR 800-898 (FDA devices)', /\b21\s*CFR\s*(Parts?\s*)?8\d\d\b/i, ['medical_devices', 'diagnostics']),
  // Pharma and biotech
  s('ICH guidelines', /\bICH\s*[QSEM]\d/i, ['pharma_biotech']),
  s('EU GMO Directive 2001/18/EC', /\b2001\/18\/EC\b/i, ['pharma_biotech', 'agriculture_food']),
  // Energy
  s('IEC 61215 (PV modules)', /\bIEC\s*61215\b/i, ['energy_generation']),
  s('IEC 61730 (PV safety)', /\bIEC\s*61730\b/i, ['energy_generation']),
  s('IEC 61400 (wind turbines)', /\bIEC\s*61400\b/i, ['energy_generation']),
  s('IEEE 1547 (grid interconnection)', /\bIEEE\s*1547\b/i, ['energy_generation', 'energy_storage']),
  s('UN 38.3 (lithium transport)', /\bUN\s*38\.3\b/i, ['energy_storage']),
  s('IEC 62619', /\bIEC\s*62619\b/i, ['energy_storage']),
  s('IEC 62660', /\bIEC\s*62660\b/i, ['energy_storage']),
  s('IEC 62133', /\bIEC\s*62133\b/i, ['energy_storage']),
  s('UL 9540', /\bUL\s*9540\b/i, ['energy_storage']),
  s('EU Batteries Regulation (EU) 2023/1542', /\b2023\/1542\b/, ['energy_storage']),
  s('ISO 22734 (hydrogen electrolysers)', /\bISO\s*22734\b/i, ['energy_generation', 'energy_storage']),
  // Electrical products in general
  s('EU Low Voltage Directive 2014/35/EU', /\b2014\/35\/EU\b/i, ELECTRICAL),
  s('EU EMC Directive 2014/30/EU', /\b2014\/30\/EU\b/i, ELECTRICAL),
  s('EU RoHS 2011/65/EU', /\b2011\/65\/EU\b/i, ELECTRICAL),
  s('EU Radio Equipment Directive 2014/53/EU', /\b2014\/53\/EU\b/i, ['semiconductors_electronics', 'test_measurement', 'medical_devices']),
  s('IEC 62368-1 (ICT/AV equipment safety)', /\bIEC\s*62368\b/i, ['semiconductors_electronics', 'test_measurement']),
  s('CISPR 32 (EMC of multimedia equipment)', /\bCISPR\s*32\b/i, ['semiconductors_electronics', 'test_measurement']),
  s('AEC-Q100/Q101 (automotive ICs)', /\bAEC-?Q10[01]\b/i, ['semiconductors_electronics']),
  s('JEDEC standards', /\bJEDEC\b/, ['semiconductors_electronics']),
  s('IEC 61010 (laboratory equipment safety)', /\bIEC\s*61010\b/i, ['test_measurement', 'diagnostics']),
  s('IEC 60825 (laser safety)', /\bIEC\s*60825\b/i, ['optics_photonics']),
  s('ISO 10110 (optics drawings)', /\bISO\s*10110\b/i, ['optics_photonics']),
  // Materials
  s('ASTM D882 (plastic film tensile)', /\bASTM\s*D\s?882\b/i, ['materials_coatings']),
  s('ASTM D638 / ISO 527 (plastics tensile)', /\b(ASTM\s*D\s?638|ISO\s*527)\b/i, ['materials_coatings']),
  s('ASTM B117 / ISO 9227 (salt spray)', /\b(ASTM\s*B\s?117|ISO\s*9227)\b/i, ['materials_coatings']),
  s('ASTM D6400 / EN 13432 (compostability)', /\b(ASTM\s*D\s?6400|EN\s*13432)\b/i, ['materials_coatings']),
  s('EU REACH (EC) 1907/2006', /\b1907\/2006\b|\bREACH\b/, [
    'materials_coatings',
    'pharma_biotech',
    'manufacturing',
    'water',
    'energy_storage',
  ]),
  s('EU food-contact (EC) 1935/2004', /\b1935\/2004\b/, ['materials_coatings', 'agriculture_food']),
  // Water
  s('IS 10500 (drinking water)', /\bIS\s*10500\b/i, ['water']),
  s('NSF/ANSI 42/53/58/61', /\bNSF\/ANSI\s*(42|53|58|61)\b/i, ['water']),
  s('ISO 24510-24512 (water services)', /\bISO\s*2451[0-2]\b/i, ['water']),
  // Agriculture and food
  s('ISO 22000 (food safety)', /\bISO\s*22000\b/i, ['agriculture_food']),
  s('ISO 11783 (ISOBUS)', /\bISO\s*11783\b/i, ['agriculture_food']),
  s('US FIFRA', /\bFIFRA\b/, ['agriculture_food']),
  // Manufacturing and machinery
  s('ISO 12100 (machinery risk)', /\bISO\s*12100\b/i, ['manufacturing']),
  s('ISO 13849 / IEC 62061 (machine safety)', /\b(ISO\s*13849|IEC\s*62061)\b/i, ['manufacturing']),
  s('ISO 10218 (industrial robots)', /\bISO\s*10218\b/i, ['manufacturing']),
  s('IEC 61131 (PLCs)', /\bIEC\s*61131\b/i, ['manufacturing']),
  s('IEC 62443 (industrial cyber security)', /\bIEC\s*62443\b/i, ['manufacturing', 'software_ai']),
  s('EU Machinery 2006/42/EC or (EU) 2023/1230', /\b(2006\/42\/EC|2023\/1230)\b/i, ['manufacturing', 'agriculture_food']),
  s('ISO/ASTM 52900 (additive manufacturing)', /\b(ISO\/ASTM\s*529\d\d|ASTM\s*F42)\b/i, ['manufacturing']),
  s('EU Pressure Equipment Directive 2014/68/EU', /\b2014\/68\/EU\b/i, ['manufacturing', 'energy_generation', 'energy_storage', 'water']),
  s('EU ATEX 2014/34/EU', /\b2014\/34\/EU\b/i, ['manufacturing', 'energy_generation', 'energy_storage']),
  // Software and AI
  s('EU AI Act (EU) 2024/1689', /\b2024\/1689\b/, ['software_ai']),
  s('ISO/IEC 27001', /\b(ISO\/)?IEC\s*27001\b|\bISO\s*27001\b/i, ['software_ai']),
  s('ISO/IEC 42001', /\b(ISO\/)?IEC\s*42001\b/i, ['software_ai']),
  // Space
  s('ECSS standards', /\bECSS\b/, ['space_aerospace']),
  s('NASA-STD', /\bNASA-STD\b/i, ['space_aerospace']),
  // Fields outside the corpus
  s('ISO 26262 / ISO 21448 (road-vehicle safety)', /\bISO\s*(26262|21448)\b/i, ['mobility']),
  s('ISO 16750 (road-vehicle environment)', /\bISO\s*16750\b/i, ['mobility']),
  s('EN 71 / ASTM F963 (toy safety)', /\b(EN\s*71|ASTM\s*F\s?963)\b/i, ['consumer']),
  s('IEC 60335 (household appliances)', /\bIEC\s*60335\b/i, ['consumer']),
  s('EU General Product Safety (EU) 2023/988', /\b2023\/988\b/, ['consumer']),
  s('ISO 22716 (cosmetics GMP)', /\bISO\s*22716\b/i, ['consumer']),
  s('EN 13501-1 / ASTM E84 (fire classes of building products)', /\b(EN\s*13501|ASTM\s*E\s?84)\b/i, ['construction', 'materials_coatings']),
  s('EU Construction Products (EU) 305/2011', /\b305\/2011\b/, ['construction']),
  s('Eurocodes EN 1990-1999 / IS 456 / IS 800 / IS 1893', /\b(EN\s*199\d|IS\s*(456|800|1893))\b/i, ['construction']),
  s('ASTM C39 (concrete strength)', /\bASTM\s*C\s?39\b/i, ['construction']),
];

export interface StandardHit {
  name: string;
  fields: readonly string[];
}

/** Standards named in the text that belong to none of the expected field's entries. */
export function outOfFieldStandards(text: string, expected: Field, table: readonly StandardEntry[] = STANDARDS): StandardHit[] {
  return table.filter((e) => e.pattern.test(text) && !e.fields.includes(expected)).map((e) => ({ name: e.name, fields: e.fields }));
}
