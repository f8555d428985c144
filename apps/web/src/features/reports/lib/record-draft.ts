import { inventionRecord, RECORD_LIMITS, type InventionRecord, type IpStatus, type RecordField } from '@assay/shared';

/**
 * The confirm step's editable copy of an invention record: strings where the member types
 * (a figure's number is text until it is confirmed), a key on every list row so React keeps
 * focus on the row being edited while another is removed. The facts the form does not show
 * (mechanism, problem, advantages, unknowns, quoted sentences) ride along unchanged.
 */
export interface ListRow {
  key: number;
  text: string;
}
export interface FigureRow {
  key: number;
  value: string;
  value_max: string;
  unit: string;
  what: string;
  /** The sentence the figure came from; dropped when the member changes the figure. */
  stated_text: string;
  /** The figure as read, to tell an edit from no edit. */
  original: string;
}

export const LIST_NAMES = ['features', 'applications', 'customers', 'licensees', 'numbers'] as const;
export type ListName = (typeof LIST_NAMES)[number];

export interface RecordDraft {
  name: string;
  summary: string;
  field: RecordField;
  /** 'none' when no level is stated, else '1'…'9'. */
  trl: string;
  ip_status: IpStatus;
  owner: string;
  lists: Record<ListName, ListRow[]>;
  figures: FigureRow[];
}

/** Field errors by the path the form shows them at: 'name', 'figures.<key>.value', 'lists.features'. */
export type DraftErrors = Record<string, string>;

let nextKey = 1;
export const newKey = () => nextKey++;

const rows = (items: readonly string[]): ListRow[] => items.map((text) => ({ key: newKey(), text }));
const numberText = (n: number | null) => (n === null ? '' : String(n));
const figureSignature = (f: Pick<FigureRow, 'value' | 'value_max' | 'unit' | 'what'>) =>
  [f.value.trim(), f.value_max.trim(), f.unit.trim(), f.what.trim()].join('\u0001');

/** Whether the member changed a figure (its quoted sentence then no longer backs it). */
export const figureEdited = (f: FigureRow) => figureSignature(f) !== f.original;

export function toDraft(record: InventionRecord): RecordDraft {
  return {
    name: record.name,
    summary: record.summary,
    field: record.field,
    trl: record.stage.trl === null ? 'none' : String(record.stage.trl),
    ip_status: record.ip.status,
    owner: record.ip.owner ?? '',
    lists: {
      features: rows(record.features),
      applications: rows(record.applications),
      customers: rows(record.customers),
      licensees: rows(record.licensees),
      numbers: rows(record.ip.numbers),
    },
    figures: record.figures.map((f) => {
      const row = { value: numberText(f.value), value_max: numberText(f.value_max), unit: f.unit, what: f.what };
      return { key: newKey(), ...row, stated_text: f.stated_text, original: figureSignature(row) };
    }),
  };
}

/** A number as a member types it: "1,200", "0.5", "1 200"; null when it is not one. */
export function parseNumber(text: string): number | null {
  const t = text.trim().replace(/[\s,_]/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

const listItems = (list: ListRow[]) => list.map((r) => r.text.trim()).filter(Boolean);

/**
 * The record the member confirms, or the errors that stop it. Empty rows are dropped; what the
 * member changed counts as stated by them (a name they typed is theirs, a field they picked is
 * certain, a stage they picked has no quoted sentence of ours behind it).
 */
export function fromDraft(draft: RecordDraft, original: InventionRecord): { record: InventionRecord } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'Please give the invention a name';

  const figures: InventionRecord['figures'] = [];
  const figureKeys: number[] = [];
  for (const f of draft.figures) {
    const blank = !f.value.trim() && !f.value_max.trim() && !f.unit.trim() && !f.what.trim();
    if (blank) continue;
    const value = parseNumber(f.value);
    const max = f.value_max.trim() ? parseNumber(f.value_max) : null;
    if (value === null) errors[`figures.${f.key}.value`] = 'Please enter a number, e.g. 1200 or 0.5';
    if (f.value_max.trim() && max === null) errors[`figures.${f.key}.value_max`] = 'Please enter a number, or leave it empty';
    else if (value !== null && max !== null && max < value)
      errors[`figures.${f.key}.value_max`] = 'The upper end must not be below the number';
    if (!f.what.trim()) errors[`figures.${f.key}.what`] = 'Please say what the number counts or measures';
    if (value === null) continue;
    const edited = figureEdited(f);
    figureKeys.push(f.key);
    figures.push({ value, value_max: max, unit: f.unit.trim(), what: f.what.trim(), stated_text: edited ? '' : f.stated_text });
  }
  if (Object.keys(errors).length) return { errors };

  const trl = draft.trl === 'none' ? null : Number(draft.trl);
  const stageKept = trl === original.stage.trl;
  const candidate = {
    ...original,
    name,
    name_stated: name === original.name ? original.name_stated : true,
    summary: draft.summary.trim(),
    field: draft.field,
    field_confidence: draft.field === original.field ? original.field_confidence : draft.field === 'uncertain' ? 'low' : 'high',
    features: listItems(draft.lists.features),
    applications: listItems(draft.lists.applications),
    customers: listItems(draft.lists.customers),
    licensees: listItems(draft.lists.licensees),
    stage: stageKept ? original.stage : { trl, stated_text: null, label: null },
    ip: {
      status: draft.ip_status,
      numbers: listItems(draft.lists.numbers),
      owner: draft.owner.trim() || null,
      stated_text: draft.ip_status === original.ip.status ? original.ip.stated_text : null,
    },
    figures,
  };
  // The shared schema has the last word (lengths, characters): what it refuses is shown at its field.
  const parsed = inventionRecord.safeParse(candidate);
  if (parsed.success) return { record: parsed.data };
  for (const issue of parsed.error.issues) {
    const [head, index] = issue.path;
    const key =
      head === 'name' || head === 'summary'
        ? head
        : head === 'figures' && typeof index === 'number'
          ? `figures.${figureKeys[index] ?? 0}.${issue.path[2] === 'unit' ? 'unit' : 'what'}`
          : head === 'ip'
            ? issue.path[1] === 'owner'
              ? 'owner'
              : 'lists.numbers'
            : `lists.${String(head)}`;
    errors[key] ??= issue.message;
  }
  return { errors };
}

export const LIST_LIMIT = RECORD_LIMITS.list;
