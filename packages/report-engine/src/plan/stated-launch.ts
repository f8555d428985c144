/**
 * A launch (first revenue) year the member stated — in the record's figures, or in a note on a
 * section ("first sales will be in 2031") — beats the year the money model would estimate: facts
 * the member gave beat facts we guessed. Every section reads the plan's year, so one stated year
 * reaches every section that states it (issue 27).
 */
import type { InventionRecord, RecordFigure } from '@assay/shared';

const LAUNCH_WHAT = /\b(launch|first (?:revenue|sales?|orders?)|market entry|on (?:the )?market|on sale|commercial(?:ly)? (?:available|release|launch))\b/i;
const YEAR = /\b(20[2-9]\d)\b/;
/** "launch in 2031", "first sales will be in 2031", "2031 is when it goes on sale". */
const NOTE_LAUNCH = new RegExp(`${LAUNCH_WHAT.source}[^.;\\n]{0,60}?${YEAR.source}|${YEAR.source}[^.;\\n]{0,40}?${LAUNCH_WHAT.source}`, 'i');

export const LAUNCH_FIGURE_WHAT = 'first revenue (launch) year';

const isLaunchFigure = (f: RecordFigure) => /^(year|calendar year)?$/i.test(f.unit.trim()) && LAUNCH_WHAT.test(f.what) && f.value >= 2000 && f.value < 2100;

/** The calendar year of first revenue the record states, if any. */
export function statedLaunchYear(record: InventionRecord): number | null {
  const f = record.figures.find(isLaunchFigure);
  return f ? Math.round(f.value) : null;
}

/** A shared figure a member's note changes: which, from what, to what. */
export interface FigureChange {
  figure: 'launch year';
  to: number;
}

/**
 * Reads a member's note on a section for a shared figure it states (the launch year), and
 * returns the record carrying it as the member's figure, with the change; the record unchanged
 * and no change when the note states none, or states the year the record already has.
 */
export function figuresFromNote(note: string, record: InventionRecord): { record: InventionRecord; changes: FigureChange[] } {
  const m = NOTE_LAUNCH.exec(note);
  const year = m ? Number(m[2] ?? m[3]) : null;
  if (year === null || year === statedLaunchYear(record)) return { record, changes: [] };
  const figures = [
    ...record.figures.filter((f) => !isLaunchFigure(f)),
    { value: year, value_max: null, unit: 'year', what: LAUNCH_FIGURE_WHAT, stated_text: note.slice(0, 600).trim() },
  ].slice(-20);
  return { record: { ...record, figures }, changes: [{ figure: 'launch year', to: year }] };
}

/** The stored sections whose text states one of these values (as a whole word): they must be rewritten. */
export function sectionsStating<K extends string>(sections: Iterable<readonly [K, unknown]>, values: readonly string[]): K[] {
  if (!values.length) return [];
  const pattern = new RegExp(`(?<![\\d.])(${values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\d])`);
  const out: K[] = [];
  for (const [key, content] of sections) if (pattern.test(JSON.stringify(content))) out.push(key);
  return out;
}
