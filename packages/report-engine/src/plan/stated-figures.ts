/**
 * A launch (first revenue) year and a price the member stated — in the record's figures, or in a
 * note on a section ("first sales will be in 2031", "the price will be 1,200 USD") — beat what the
 * money model would estimate: facts the member gave beat facts we guessed. So do the record's other
 * figures a note restates — counts ("we have 3 pilot customers", "12 units sold") and performance
 * ("accuracy is 98 %", "down to 2 ppb"). Every section reads the plan's figures, so one stated value
 * reaches every section that states it (issue 27).
 */
import type { InventionRecord, RecordFigure } from '@assay/shared';
import { readFigures } from '../record/figures.ts';
import { splitSentences } from '../text/sentences.ts';
import { CURRENCY_SYMBOL, readsAsPrice } from './market.ts';
import { formatCount } from '@assay/shared';

const LAUNCH_WHAT =
  /\b(launch|first (?:revenue|sales?|orders?)|market entry|on (?:the )?market|on sale|commercial(?:ly)? (?:available|release|launch))\b/i;
const YEAR = /\b(20[2-9]\d)\b/;
/** "launch in 2031", "first sales will be in 2031", "2031 is when it goes on sale". */
const NOTE_LAUNCH = new RegExp(
  `${LAUNCH_WHAT.source}[^.;\\n]{0,60}?${YEAR.source}|${YEAR.source}[^.;\\n]{0,40}?${LAUNCH_WHAT.source}`,
  'i',
);

export const LAUNCH_FIGURE_WHAT = 'first revenue (launch) year';

const isLaunchFigure = (f: RecordFigure) =>
  /^(year|calendar year)?$/i.test(f.unit.trim()) && LAUNCH_WHAT.test(f.what) && f.value >= 2000 && f.value < 2100;

/** The calendar year of first revenue the record states, if any. */
export function statedLaunchYear(record: InventionRecord): number | null {
  const f = record.figures.find(isLaunchFigure);
  return f ? Math.round(f.value) : null;
}

/**
 * A shared figure a member's note changes: which, and its new value as the member wrote it. A
 * `record` change is any other figure of the record (a count, a performance figure): `from` is the
 * record's figure it replaces, or null when the record had none of it (the note adds it).
 */
export type FigureChange =
  | { figure: 'launch year'; to: number }
  | { figure: 'price'; to: number; unit: string }
  | { figure: 'record'; what: string; from: RecordFigure | null; to: RecordFigure };

/** A currency as a note writes it (a symbol, a code or a word), to its code. */
const CURRENCY_OF: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(CURRENCY_SYMBOL).flatMap(([code, symbol]) => [
      [symbol, code],
      [code.toLowerCase(), code],
    ]),
  ),
  dollars: 'USD',
  euros: 'EUR',
  pounds: 'GBP',
  rupees: 'INR',
};
const AMOUNT = String.raw`(?:([$€£₹])\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s?(USD|EUR|GBP|INR|dollars|euros|pounds|rupees)\b)`;
/** "the price will be 1,200 USD", "sells for €49", "priced at $900 a unit". */
const NOTE_PRICE = new RegExp(
  String.raw`\b(?:price[ds]?|sells?(?: it)? for|selling(?: it)? for|retails? (?:at|for)|costs? the (?:buyer|customer))\b[^.;\n]{0,30}?${AMOUNT}`,
  'i',
);
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
  others = restatedFigures(note, others, stated_text, changes);
  if (!changes.length) return { record, changes };
  const room = 20 - first.length - last.length;
  const { figures: _figures, ...prose } = record;
  return {
    record: { ...restated(prose, changes), figures: [...first, ...others.slice(Math.max(0, others.length - room)), ...last] },
    changes,
  };
}

/**
 * The member's words in the record (the stage's and the IP's quoted sentences, the lists) with each
 * replaced figure stated as the member now states it: "We have 5 pilot customers" becomes "We have
 * 3 pilot customers". The member corrected that number; a sentence that kept it would bring the old
 * figure back into every section that quotes it.
 */
function restated<T>(value: T, changes: readonly FigureChange[]): T {
  const moved = changes.flatMap((c) => (c.figure === 'record' && c.from ? [[c.from, c.to] as const] : []));
  if (!moved.length) return value;
  const visit = (v: unknown): unknown => {
    if (typeof v === 'string') return moved.reduce((text, [was, to]) => restate(text, was, to), v);
    if (Array.isArray(v)) return v.map(visit);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, visit(x)]));
    return v;
  };
  return visit(value) as T;
}

/** A text with every statement of `was` stating `to`'s value instead (the rest of the words kept). */
function restate(text: string, was: RecordFigure, to: RecordFigure): string {
  const statement = figureStatement(was);
  if (!statement.test(text)) return text;
  const value = new RegExp(
    `(?<![\\d.,])(?:${[...new Set([String(was.value), formatCount(was.value)])].map(escape).join('|')})(?![\\d]|[.,]\\d)`,
  );
  return text.replace(new RegExp(statement.source, `${statement.flags}g`), (m) => m.replace(value, formatCount(to.value)));
}

const STOP = new Set([
  'the',
  'and',
  'our',
  'its',
  'their',
  'with',
  'for',
  'per',
  'each',
  'every',
  'year',
  'now',
  'have',
  'has',
  'are',
  'was',
  'not',
  'than',
  'about',
  'from',
  'into',
  'that',
  'this',
  'which',
]);
/** The words that name what a figure counts or measures, singular ("pilot customers" → pilot, customer). */
const wordsOf = (text: string) =>
  new Set((text.toLowerCase().match(/[a-z][a-z-]{2,}/g) ?? []).filter((w) => !STOP.has(w)).map((w) => w.replace(/(?<=[a-z]{3})e?s$/, '')));
const overlap = (a: Set<string>, b: Set<string>) => [...a].filter((w) => b.has(w)).length;
/** Units a figure is measured in that name the measurement on their own (one ppb figure is the ppb figure). */
const TELLING_UNIT = (unit: string) => unit !== '' && unit !== '%' && unit !== 'x';

/**
 * The record's figure a note's figure restates, if any: same unit, and what it counts shares a word
 * (in what the figure names, else in the sentence it came from), or the only figure in a telling unit.
 */
function restatedBy(n: RecordFigure, figures: readonly RecordFigure[]): RecordFigure | undefined {
  const same = figures.filter((f) => f.unit === n.unit);
  const words = wordsOf(n.what);
  const best = (score: (f: RecordFigure) => number) => {
    const scored = same
      .map((f) => [f, score(f)] as const)
      .filter(([, s]) => s > 0)
      .sort((a, b) => b[1] - a[1]);
    return scored[0]?.[0];
  };
  return (
    best((f) => overlap(words, wordsOf(f.what))) ??
    best((f) => overlap(words, wordsOf(f.stated_text))) ??
    (TELLING_UNIT(n.unit) && same.length === 1 ? same[0] : undefined)
  );
}

/**
 * The record's other figures (not the price, not the launch year) a note states: each replaces the
 * figure of the record it restates, in place, with the note as its source; one the record lacks is
 * added. Another figure's quoted sentence that states a replaced figure states the new value (see
 * `restated`).
 */
function restatedFigures(note: string, figures: RecordFigure[], stated_text: string, changes: FigureChange[]): RecordFigure[] {
  let out = figures;
  const read = readFigures(splitSentences(note.slice(0, 600)), 8)
    // The price and the launch year are read above; a "what" with digits is a misreading ("90 seconds" → "2 ppb").
    .filter((f) => !readsAsPrice(f) && !/\d/.test(f.what) && wordsOf(f.what).size > 0);
  for (const n of read) {
    const was = restatedBy(n, out);
    if (was && was.value === n.value && was.value_max === n.value_max) continue;
    const to: RecordFigure = { ...n, what: was?.what ?? n.what, stated_text };
    if (was) {
      out = out.map((f) => (f === was ? to : { ...f, stated_text: restate(f.stated_text, was, to) }));
    } else {
      out = [...out, to];
    }
    changes.push({ figure: 'record', what: to.what, from: was ?? null, to });
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A figure's value as a report writes it, with its unit: "3", "98 %", "$25", "5 ppb". */
export function figureText(f: RecordFigure): string {
  // A year reads as a year ("2031"), never as a count of years ("2,031 year").
  const year = f.unit === 'year';
  const n = (v: number) => (year ? String(v) : formatCount(v));
  const value = `${n(f.value)}${f.value_max !== null ? `–${n(f.value_max)}` : ''}`;
  if (year) return value;
  const symbol = CURRENCY_SYMBOL[f.unit];
  return symbol ? `${symbol}${value}` : f.unit ? `${value} ${f.unit}` : value;
}

/**
 * Where a text states this figure: its value (as written, or with thousands commas) with its unit
 * ("98 %", "$25", "25 USD") or, for a count, followed within a few words by what it counts
 * ("5 pilot customers"), so a bare "5" elsewhere (TRL 5, 5 years) is not taken for it.
 */
export function figureStatement(f: RecordFigure): RegExp {
  const values = [...new Set([String(f.value), formatCount(f.value)])].map(escape).join('|');
  const v = `(?<![\\d.,])(?:${values})(?![\\d]|[.,]\\d)`;
  const symbol = CURRENCY_SYMBOL[f.unit];
  if (symbol) return new RegExp(`${escape(symbol)}\\s?(?:${values})(?![\\d]|[.,]\\d)|${v}\\s?${escape(f.unit)}\\b`, 'i');
  if (f.unit) return new RegExp(`${v}\\s?${escape(f.unit)}(?![A-Za-z])`, 'i');
  const head = [...wordsOf(f.what)].at(-1);
  return head ? new RegExp(`${v}\\s+(?:[\\w-]+\\s+){0,3}?${escape(head)}`, 'i') : new RegExp(`${v}(?!\\s?%)`);
}

/**
 * The stored sections whose text states one of these values (a string: as a whole number; a
 * pattern: as `figureStatement` finds a figure): they must be rewritten.
 */
export function sectionsStating<K extends string>(sections: Iterable<readonly [K, unknown]>, values: readonly (string | RegExp)[]): K[] {
  const words = values.filter((v): v is string => typeof v === 'string');
  const patterns = values.filter((v): v is RegExp => v instanceof RegExp);
  if (words.length) patterns.push(new RegExp(`(?<![\\d.])(${words.map(escape).join('|')})(?![\\d])`));
  if (!patterns.length) return [];
  const out: K[] = [];
  for (const [key, content] of sections) {
    // The text a reader sees: JSON escapes (\" \n) would otherwise sit between a value and its unit.
    const text = JSON.stringify(content).replace(/\\[nrt"]/g, ' ');
    if (patterns.some((p) => p.test(text))) out.push(key);
  }
  return out;
}
