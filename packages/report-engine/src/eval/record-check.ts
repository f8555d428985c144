/**
 * A record read from an idea, held against the record a person wrote by hand from the same text
 * (the corpus's `expected`): field by field, each check true, false or not applicable.
 */
import type { InventionRecord } from '@assay/shared';
import { hasTerm, missingNamed } from './applications.ts';

export interface ExpectedNamed {
  name: string;
  terms: string[];
}

export interface ExpectedRecord {
  name: string | null;
  name_alternatives?: string[];
  name_head_terms?: string[];
  field: string;
  field_alternatives?: string[];
  stage: { trl: number | null; trl_range?: [number, number] | null; label?: string | null };
  ip: { status: string; numbers: string[]; owner: string | null };
  applications: ExpectedNamed[];
  licensees: ExpectedNamed[];
  customers: ExpectedNamed[];
  figures: Array<{ value: number; unit?: string; what?: string }>;
}

export interface RecordCheck {
  name: boolean;
  field: boolean;
  stage: boolean;
  ipStatus: boolean;
  ipNumbers: boolean;
  ipOwner: boolean | null;
  /** Expected items (applications, licensees, customers) missing from the record. */
  missingNamed: string[];
  /** Expected figure values the record does not hold. */
  missingFigures: number[];
  /** What went wrong, one line each (empty when all is right). */
  notes: string[];
}

const norm = (s: string) => s.normalize('NFKC').replace(/[’']/g, "'").replace(/\s+/g, ' ').trim();
const digits = (s: string) => s.replace(/\D/g, '');

export function checkRecord(record: InventionRecord, expected: ExpectedRecord): RecordCheck {
  const notes: string[] = [];
  let name: boolean;
  if (expected.name !== null) {
    name = [expected.name, ...(expected.name_alternatives ?? [])].some((n) => norm(n) === norm(record.name));
    if (!name) notes.push(`name "${record.name}" ≠ "${expected.name}"`);
  } else {
    const heads = expected.name_head_terms ?? [];
    name = !record.name_stated && (heads.length === 0 || heads.some((h) => hasTerm(record.name, h)));
    if (!name) notes.push(`descriptive name "${record.name}"${record.name_stated ? ' marked as stated' : ''} lacks ${heads.join('/')}`);
  }
  const field = [expected.field, ...(expected.field_alternatives ?? [])].includes(record.field);
  if (!field) notes.push(`field ${record.field} ≠ ${expected.field}`);
  const e = expected.stage;
  const stage =
    e.trl === null
      ? record.stage.trl === null
      : record.stage.trl !== null &&
        (record.stage.trl === e.trl || (!!e.trl_range && record.stage.trl >= e.trl_range[0] && record.stage.trl <= e.trl_range[1]));
  if (!stage) notes.push(`stage TRL ${record.stage.trl ?? 'none'} ≠ ${e.trl ?? 'none'}${e.trl_range ? ` (${e.trl_range.join('–')})` : ''}`);
  const ipStatus = record.ip.status === expected.ip.status;
  if (!ipStatus) notes.push(`IP ${record.ip.status} ≠ ${expected.ip.status}`);
  const have = record.ip.numbers.map(digits);
  const ipNumbers = expected.ip.numbers.every((n) => have.some((h) => h.includes(digits(n)) || (digits(n).includes(h) && h.length >= 6)));
  if (!ipNumbers) notes.push(`IP numbers [${record.ip.numbers.join('; ')}] miss some of [${expected.ip.numbers.join('; ')}]`);
  const ipOwner =
    expected.ip.owner === null
      ? null
      : !!record.ip.owner &&
        (norm(record.ip.owner).toLowerCase().includes(norm(expected.ip.owner).toLowerCase()) ||
          norm(expected.ip.owner).toLowerCase().includes(norm(record.ip.owner).toLowerCase()));
  if (ipOwner === false) notes.push(`owner "${record.ip.owner ?? ''}" ≠ "${expected.ip.owner}"`);
  const lists = `${record.applications.join(' ; ')} ; ${record.customers.join(' ; ')} ; ${record.licensees.join(' ; ')}`;
  const missing = missingNamed(lists, [...expected.applications, ...expected.licensees, ...expected.customers]);
  if (missing.length) notes.push(`named items missing: ${missing.join('; ')}`);
  const missingFigures = expected.figures
    .map((f) => f.value)
    .filter((v) => !record.figures.some((f) => f.value === v || f.value_max === v));
  if (missingFigures.length) notes.push(`figures missing: ${missingFigures.join(', ')}`);
  return { name, field, stage, ipStatus, ipNumbers, ipOwner, missingNamed: missing, missingFigures, notes };
}
