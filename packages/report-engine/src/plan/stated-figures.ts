/**
 * A launch (first revenue) year and a price the member stated — in the record's figures, or in a
 * note on a section ("first sales will be in 2031", "the price will be 1,200 USD") — beat what the
 * money model would estimate: facts the member gave beat facts we guessed. Every section reads the
 * plan's figures, so one stated value reaches every section that states it (issue 27).
 */
import type { InventionRecord, RecordFigure } from '@assay/shared';
import { CURRENCY_SYMBOL, readsAsPrice } from './market.ts';

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

/** A shared figure a member's note changes: which, and its new value as the member wrote it. */
export type FigureChange = { figure: 'launch year'; to: number } | { figure: 'price'; to: number; unit: string };

/** A currency as a note writes it (a symbol, a code or a word), to its code. */
const CURRENCY_OF: Record<string, string> = {
  ...Object.fromEntries(Object.entries(CURRENCY_SYMBOL).flatMap(([code, symbol]) => [[symbol, code], [code.toLowerCase(), code]])),
  dollars: 'USD', euros: 'EUR', pounds: 'GBP', rupees: 'INR',
};
const AMOUNT = String.raw`(?:([$€£₹])\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s?(USD|EUR|GBP|INR|dollars|euros|pounds|rupees)\b)`;
/** "the price will be 1,200 USD", "sells for €49", "priced at $900 a unit". */
const NOTE_PRICE = new RegExp(String.raw`\b(?:price[ds]?|sells?(?: it)? for|selling(?: it)? for|retails? (?:at|for)|costs? the (?:buyer|customer))\b[^.;\n]{0,30}?${AMOUNT}`, 'i');
/** The price the record states, as the market sizing reads it, if any. */
export function statedPrice(record: InventionRecord): RecordFigure | null {
  return record.figures.find(readsAsPrice) ?? null;
}

/**
 * Reads a member's note on a section for the shared figures it states (the launch year, the
 * price) and returns the record carrying them as the member's figures, with the changes; the
 * record unchanged and no change when the note states none, or states what the record has.
 */
export function figuresFromNote(note: string, record: InventionRecord): { record: InventionRecord; changes: FigureChange[] } {
  const changes: FigureChange[] = [];
  const stated_text = note.slice(0, 600).trim();
  let others = record.figures;
  let first: RecordFigure[] = [];
  let last: RecordFigure[] = [];
  const launch = NOTE_LAUNCH.exec(note);
  const year = launch ? Number(launch[2] ?? launch[3]) : null;
  if (year !== null && year !== statedLaunchYear(record)) {
    others = others.filter((f) => !isLaunchFigure(f));
    last = [{ value: year, value_max: null, unit: 'year', what: LAUNCH_FIGURE_WHAT, stated_text }];
    changes.push({ figure: 'launch year', to: year });
  }
  const price = NOTE_PRICE.exec(note);
  if (price) {
    const value = Number((price[2] ?? price[3])!.replace(/,/g, ''));
    const unit = CURRENCY_OF[(price[1] ?? price[4])!.toLowerCase()] ?? 'USD';
    const now = statedPrice(record);
    if (value > 0 && !(now && now.value === value && now.unit === unit)) {
      // The member's price comes first and replaces every figure the sizing would read as one.
      others = others.filter((f) => !readsAsPrice(f));
      first = [{ value, value_max: null, unit, what: 'price', stated_text }];
      changes.push({ figure: 'price', to: value, unit });
    }
  }
  if (!changes.length) return { record, changes };
  const room = 20 - first.length - last.length;
  return { record: { ...record, figures: [...first, ...others.slice(Math.max(0, others.length - room)), ...last] }, changes };
}

/** The stored sections whose text states one of these values (as a whole word): they must be rewritten. */
export function sectionsStating<K extends string>(sections: Iterable<readonly [K, unknown]>, values: readonly string[]): K[] {
  if (!values.length) return [];
  const pattern = new RegExp(`(?<![\\d.])(${values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\d])`);
  const out: K[] = [];
  for (const [key, content] of sections) if (pattern.test(JSON.stringify(content))) out.push(key);
  return out;
}
