/**
 * The figures the inventor gives — counts, prices, performance — with their units and the
 * sentence they came from, so the market can be sized from them and the benefits can quote
 * them. Patent numbers, years, TRLs, figure references and list numbers are not figures.
 */
import type { RecordFigure } from '@assay/shared';
import { clip } from '../text/normalise.ts';

const NUM = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const SCALE = String.raw`(?:\s?(?:thousand|million|billion|bn|mn|k|m|b|crore|lakh|lakhs)\b)?`;
const CURRENCY_BEFORE = String.raw`(?:US\$|\$|USD\s?|€|EUR\s?|£|GBP\s?|₹|INR\s?|Rs\.?\s?)`;
// "1.80 €", "250 ₹": the symbol after the amount, as much of Europe and India write it.
const CURRENCY_AFTER = String.raw`(?:\s?(?:€|£|₹|USD|EUR|GBP|INR|dollars|euros|rupees|pounds))`;
/** A price per unit written after the amount: "1.80 €/kg", "$40 / unit". */
const PER_UNIT = /^\s?\/\s?([A-Za-z²³]{1,10})\b/;
const UNIT = String.raw`(?:%|percent|per ?cent|x\b|×|times\b|fold\b|°C|°F|K\b|kWh|MWh|GWh|Wh|mAh|Ah|kW|MW|GW|W\b|kV|mV|V\b|mA|A\b|Hz|kHz|MHz|GHz|dB|kg|mg|µg|ug|ng|g\b|tonnes?|tons?|t\b|litres?|liters?|mL|ml|L\b|m3|m²|m2|km|mm|cm|µm|um|nm|m\b|ppm|ppb|ppt|mg\/L|µg\/L|ng\/L|seconds?|secs?|s\b|ms\b|minutes?|mins?|hours?|hrs?|h\b|days?|weeks?|months?|years?|yrs?|cycles?|psi|bar|Pa|kPa|MPa|GPa|N\b|rpm|lux|lm)`;

// "1 900 EUR", "€12 500": an amount grouped by spaces, as much of Europe writes it (money only:
// elsewhere "in 2 000 homes" could as well be two numbers).
const MONEY_NUM = String.raw`\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:\.\d+)?(?!\d)|${NUM}`;
const MONEY = new RegExp(
  String.raw`(${CURRENCY_BEFORE})\s?(${MONEY_NUM})${SCALE}(?:\s?(?:-|–|to)\s?(?:${CURRENCY_BEFORE})?\s?(${MONEY_NUM})${SCALE})?|(?<![\d.,])(${MONEY_NUM})${SCALE}(${CURRENCY_AFTER})`,
  'gi',
);
// A unit ends at a word's end: "3,000 patients" is a count, not 3,000 Pa.
const QUANTITY = new RegExp(String.raw`(?<![\w.,/#-])(${NUM})(?:\s?(?:-|–|to)\s?(${NUM}))?\s?(${UNIT})(?![A-Za-z])`, 'gi');
const COUNT = new RegExp(String.raw`(?<![\w.,/#$€£₹-])(${NUM})${SCALE}\+?\s+((?:[a-z][a-z-]+\s+){0,3}[a-z][a-z-]+s)\b`, 'gi');

/** Numbers that are not figures: years, TRLs, patents, standards, figure and claim references. */
const NOT_A_FIGURE =
  /(?:TRL|level|Fig(?:ure)?s?\.?|No\.?|Pat(?:ent)?\.?|ISO|IEC|EN|ASTM|UL|Class|claim|claims|Rule|Article|Section|Phase|Gen|version|v)\s*$/i;

const SCALES: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  mn: 1e6,
  m: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  crore: 1e7,
  lakh: 1e5,
  lakhs: 1e5,
};
function scaleOf(text: string): number {
  const m = /\s?(thousand|million|billion|bn|mn|k|m|b|crore|lakhs?)\b/i.exec(text);
  return m ? (SCALES[m[1]!.toLowerCase()] ?? 1) : 1;
}
const num = (s: string) => Number(s.replace(/[,\s]/g, ''));

const CURRENCY_CODE: Array<[RegExp, string]> = [
  [/\$|USD|dollar/i, 'USD'],
  [/€|EUR|euro/i, 'EUR'],
  [/£|GBP|pound/i, 'GBP'],
  [/₹|INR|Rs|rupee/i, 'INR'],
];
/** "costs 15k", "pay about 2 million": an amount after a money verb, scaled, with no symbol. */
const IMPLIED_MONEY =
  /\b(?:costs?|priced at|pays?|paid|sells? for|price is)\s+(?:about|around|roughly|over|under|up to|nearly|almost)?\s*(\d+(?:\.\d+)?)\s?(k|m|thousand|million)\b/gi;
const currencyOf = (s: string) => CURRENCY_CODE.find(([re]) => re.test(s))?.[1] ?? 'USD';

/** What a number measures: the words just before ("efficiency of 95 %") or after ("12,000 procedures a year"). */
const MONEY_WORDS: Array<[RegExp, string]> = [
  [/\b(?:costs?|costing|cost of)\b[^.]{0,20}$/i, 'cost'],
  [
    /\b(?:price[sd]?|priced at|sells? for|sold for|retails? (?:at|for)|charge[sd]?|fee|pay(?:s|ing)?|paid|buy(?: it| them)? for)\b[^.]{0,20}$/i,
    'price',
  ],
  [/\b(?:revenues?|sales)\b[^.]{0,20}$/i, 'revenue'],
  [/\b(?:market|market size|worth)\b[^.]{0,20}$/i, 'market'],
  [/\b(?:rais\w*|funding|investment|invest\w*|grant)\b[^.]{0,20}$/i, 'funding'],
  [/\b(?:sav\w*)\b[^.]{0,20}$/i, 'saving'],
];

/** The competition or prize an amount was won at: "… at the national Collegiate Inventors Competition". */
const AWARDED_AT =
  /\b(?:at|in|from)\s+(?:the\s+)?(?:[a-z]+\s+){0,2}((?:[A-Z][\w'&-]*\s+){1,6}(?:Competition|Challenge|Prize|Awards?|Contest))\b/;

/**
 * What an amount of money is: "costs about $500 to build" → "cost to build", "sells for $40 a unit"
 * → "price a unit", "pay 1.80 €/kg for fishmeal feed" → "price per kg for fishmeal feed".
 */
function moneyWhat(sentence: string, start: number, end: number, per: string | null): string | null {
  const before = sentence.slice(0, start);
  // "received $5,000 … at the Collegiate Inventors Competition": money won, not a price or a market.
  if (
    /\b(?:received|won|awarded|was given|were given|took home)\b[^.]{0,40}$/i.test(before) ||
    /\b(?:prize|award)\b[^.]{0,20}$/i.test(before)
  ) {
    const event = AWARDED_AT.exec(sentence.slice(end))?.[1];
    if (event || /\b(?:prize|award|competition|challenge)\b/i.test(sentence)) return event ? `${event} award` : 'prize money';
  }
  // "rent diesel gensets for about 150 EUR a day": the rent of what is rented.
  const rented =
    /\b(?:rent|rents|renting|hire|hires|hiring|lease|leases|leasing)\s+((?:[\w-]+\s+){0,3}?[\w-]+)\s+for\s+(?:about|around|roughly|some)?\s*$/i.exec(
      before,
    );
  if (rented) {
    const rate = /^\s*((?:a|per|each)\s+(?:day|week|month|year|hour|season))\b/i.exec(sentence.slice(end))?.[1];
    return [`rent of ${rented[1]}`, per ? `per ${per}` : '', rate ?? ''].filter(Boolean).join(' ');
  }
  const hit = MONEY_WORDS.find(([re]) => re.test(before));
  if (!hit) return per ? `amount per ${per}` : null;
  const after = /^\s*((?:to|per|a|an|each|for)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+)(?=[,.;:()]|\s(?:and|which|that|while|with|than)\b|$)/i.exec(
    sentence.slice(end),
  )?.[1];
  return [hit[1], per ? `per ${per}` : '', after ?? ''].filter(Boolean).join(' ');
}

function whatOf(sentence: string, start: number, end: number, fallback: string): string {
  const after = sentence.slice(end).replace(/^[\s,]+/, '');
  const afterPhrase =
    /^((?:(?:a|per|each|every|in|of|for|to)\s+)?(?:[\w'-]+\s+){0,5}?[\w'-]+?)(?=[,.;:()]|\s(?:and|which|that|while|with|than|compared|but)\b|$)/i.exec(
      after,
    )?.[1] ?? '';
  const before = sentence.slice(0, start).replace(/[\s,(]+$/, '');
  const beforePhrase =
    /((?:[\w'-]+\s+){0,4}[\w'-]+?)\s*(?:of|at|by|is|are|was|about|around|approximately|approx\.?|up to|down to|over|under|less than|more than|below|above|within|only|:|costs?|priced at|sells? for|for)?$/i.exec(
      before.replace(/\s+(?:down|up)\s+to$/i, ''),
    )?.[1] ?? '';
  // After the number only when it names what is counted ("12,000 procedures a year", "$40 a unit"), not a clause ("using …").
  // "a thickness of 0.1 to 12 μm", "total porosity of 65 to 75 percent": what is measured is named just before "of".
  const measuredOf =
    /((?:[a-z][\w-]*\s+)?[a-z][\w-]*)\s+(?:(?:in excess|upwards) of|of|(?:greater|more|less|smaller|larger|higher|lower) than)\s*(?:about|around|approximately|approx\.?|up to|over|under|at least|only)?\s*$/i.exec(
      before,
    );
  if (measuredOf && !/^(?:one|each|all|most|some|any|use|number|percent|per)$/i.test(measuredOf[1]!.trim())) {
    return clip(measuredOf[1]!.replace(/^(?:a|an|the|with|has|have|and)\s+/i, '').trim(), 200);
  }
  // "Replaces 50% of the fishmeal in the diet": a share is of what follows, not of the verb before it.
  if (
    fallback === 'share' &&
    /^of\s+(?:[\w'-]+\s+){0,5}?[\w'-]+$/i.test(afterPhrase) &&
    !/^of\s+(?:the\s+)?(?:time|cases|them|it)$/i.test(afterPhrase)
  )
    return clip(afterPhrase, 200);
  // "4.8 kW peak": one word after the number that says which value it is.
  if (/^(?:peak|nominal|rated|maximum|max|minimum|min|average|mean|continuous|typical)$/i.test(afterPhrase))
    return afterPhrase.toLowerCase();
  // After the number only when it names what is counted, not a new clause ("…in 10 minutes, we call it …").
  const afterNames =
    afterPhrase.split(/\s+/).length >= 2 &&
    !/^(?:using|with|by|allowing|enabling|to|and|which|that|while|on|in|at|from|than|compared|when|if|for|of|we|i|it|they|this|these|our|you|he|she)\b/i.test(
      afterPhrase,
    );
  const trimmedBefore = beforePhrase
    .split(/\s+/)
    .slice(-4)
    .join(' ')
    .replace(/^(?:(?:the|a|an|and|or|of|in|on|at|to|with|within|under|over|about|is|are|was|it|its|that|which)\s+)+/i, '')
    .replace(/(?:\s+(?:the|a|an|and|or|of|in|on|at|to|with|within|under|over|about|by|is|are|was|costs?))+$/i, '');
  const candidate = afterNames ? afterPhrase : trimmedBefore || afterPhrase || fallback;
  return clip(candidate.trim(), 200) || fallback;
}

export function readFigures(sentences: readonly string[], max = 20): RecordFigure[] {
  const out: RecordFigure[] = [];
  const taken = new Set<string>();
  for (const sentence of sentences) {
    const spans: Array<[number, number]> = [];
    const overlaps = (a: number, b: number) => spans.some(([x, y]) => a < y && b > x);
    const push = (f: RecordFigure, at: number, end: number) => {
      if (overlaps(at, end) || NOT_A_FIGURE.test(sentence.slice(0, at))) return false;
      const key = `${f.value}|${f.unit}|${f.what}`;
      if (taken.has(key)) return false;
      taken.add(key);
      spans.push([at, end]);
      out.push(f);
      return true;
    };
    // The currency of the sentence's first amount that is read (for an amount written without one, below).
    let currency: string | undefined;
    for (const m of sentence.matchAll(MONEY)) {
      const at = m.index!;
      const perUnit = PER_UNIT.exec(sentence.slice(at + m[0].length));
      const end = at + m[0].length + (perUnit?.[0].length ?? 0);
      const raw = m[2] ?? m[4]!;
      const scale = scaleOf(m[0]);
      const value = num(raw) * scale;
      const high = m[3] ? num(m[3]) * scaleOf(m[0].slice(m[0].indexOf(m[3]))) : null;
      const unit = currencyOf(m[1] ?? m[5] ?? '');
      const read = push(
        {
          value,
          value_max: high,
          unit,
          what: moneyWhat(sentence, at, end, perUnit?.[1] ?? null) ?? whatOf(sentence, at, end, 'amount'),
          stated_text: clip(sentence, 600),
        },
        at,
        end,
      );
      if (read) currency ??= unit;
    }
    // "Our price is 1 900 EUR, a new spindle costs 15k": an amount with no symbol of its own is in the
    // currency the sentence already uses.
    if (currency) {
      for (const m of sentence.matchAll(IMPLIED_MONEY)) {
        const at = m.index! + m[0].length - m[1]!.length - m[2]!.length;
        const end = m.index! + m[0].length;
        push(
          {
            value: num(m[1]!) * scaleOf(` ${m[2]}`),
            value_max: null,
            unit: currency,
            what: whatOf(sentence, at, end, 'amount'),
            stated_text: clip(sentence, 600),
          },
          at,
          end,
        );
      }
    }
    for (const m of sentence.matchAll(QUANTITY)) {
      const at = m.index!;
      const end = at + m[0].length;
      const value = num(m[1]!);
      // "15k" is fifteen thousand, not 15 kelvin (the unit matches without its case).
      if (m[3] === 'k') continue;
      // A bare year ("in 2021") or a one-letter unit after a list number is not a figure.
      if (/^(?:s|m|h|t|A|K|N|V|W|L|x)$/i.test(m[3]!) && !/\d\s?(?:x|×)/.test(m[0]) && m[3]!.length === 1 && !/\d\s?[a-zA-Z]$/.test(m[0]))
        continue;
      const unit = m[3]!.replace(/^per ?cent$|^percent$/i, '%').replace(/^times$|^fold$|^×$/i, 'x');
      push(
        {
          value,
          value_max: m[2] ? num(m[2]) : null,
          unit,
          what: whatOf(sentence, at, end, unit === '%' ? 'share' : 'value'),
          stated_text: clip(sentence, 600),
        },
        at,
        end,
      );
    }
    for (const m of sentence.matchAll(COUNT)) {
      const at = m.index!;
      const end = at + m[0].length;
      const value = num(m[1]!) * scaleOf(m[0].slice(m[1]!.length, m[0].length - m[2]!.length));
      if (value >= 1900 && value <= 2100 && !/,/.test(m[1]!)) continue;
      // What is counted, and how often or where when the next words say so: "12,000 procedures a year".
      const rate =
        /^\s*((?:a|per|each|every)\s+[\w-]+|(?:at|in|on|across)\s+(?:[\w-]+\s+){0,3}?[\w-]+)(?=[,.;:()]|\s(?:and|which|that|with|while)\b|$)/i.exec(
          sentence.slice(end),
        )?.[1];
      push(
        { value, value_max: null, unit: '', what: clip(rate ? `${m[2]} ${rate}` : m[2]!, 200), stated_text: clip(sentence, 600) },
        at,
        end,
      );
    }
    if (out.length >= max) break;
  }
  return out.slice(0, max);
}
