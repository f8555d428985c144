/**
 * The market, sized bottom-up from the inventor's own figures when there are any: a count of
 * buyers or uses a year and a price give a yearly market value, shown with the sentences they
 * came from. Without them, the report says which two numbers are missing instead of inventing
 * them. Amounts in another currency are converted at a stated indicative rate (to verify).
 */
import type { InventionRecord, RecordFigure } from '@assay/shared';
import { formatCount } from '@assay/shared';

/** Indicative conversion to USD, printed beside any converted figure (to verify at the report's date). */
export const USD_PER: Record<string, number> = { USD: 1, EUR: 1.08, GBP: 1.27, INR: 1 / 84 };

export interface StatedAmount {
  /** USD (converted when stated in another currency). */
  usd: number;
  /** As the inventor wrote it: "₹500 per test", "$40 a unit". */
  as_stated: string;
  what: string;
  quote: string;
  converted: boolean;
}

export interface StatedCount {
  value: number;
  what: string;
  quote: string;
}

export interface MarketSizing {
  /** 'bottom-up' when a count and a price both come from the inventor. */
  method: 'bottom-up' | 'to-size';
  count: StatedCount | null;
  price: StatedAmount | null;
  /** count × price a year, USD thousand, when both are stated. */
  annualValueKusd: number | null;
  /** What buyers pay today for what it replaces ("rent gensets for 150 EUR a day", "pay 1.80 €/kg for fishmeal now"): the price ceiling, not its price. */
  todaysCost: StatedAmount | null;
  /** Other money figures the inventor gives (cost to build, a saving…). */
  otherAmounts: StatedAmount[];
  /** Of those, what making it costs ("costs $120 to build"): the only costs the unit economics may state. */
  costs: StatedAmount[];
  /** Money raised, sought, granted or won: not a price, a cost or a market. */
  funding: StatedAmount[];
}

const CURRENCY = /^(?:USD|EUR|GBP|INR)$/;
/** A figure in money (a price, a cost, a raise), not a count or a measurement. */
export const isMoney = (f: RecordFigure) => CURRENCY.test(f.unit);
/** How each currency the record holds is written before an amount. */
export const CURRENCY_SYMBOL: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', INR: '₹' };
const PRICE_WORDS =
  /\b(?:price|sells?|sold|retail|charge|fee|per (?:unit|test|device|kit|year|month|licen[cs]e|user|seat)|a (?:unit|test|kit|year|month)|each|subscription)\b/i;
const COUNT_WORDS =
  /\b(?:per year|a year|each year|annually|per month|a month|procedures|patients|hospitals|clinics|farmers|farms|households|homes|users|customers|units|vehicles|sites|plants|factories|schools|cases|tests|operations|installations|towers|buyers)\b/i;

/** An amount as a price is written: "1.80", not "1.8"; whole amounts grouped ("1,900"). */
const money = (n: number) => (Number.isInteger(n) ? formatCount(n) : n.toFixed(2));

function amount(f: RecordFigure): StatedAmount {
  const rate = USD_PER[f.unit] ?? 1;
  const symbol = CURRENCY_SYMBOL[f.unit] ?? '';
  return {
    usd: Math.round(f.value * rate * 100) / 100,
    as_stated: `${symbol}${money(f.value)}${f.value_max !== null ? `–${money(f.value_max)}` : ''} ${f.what}`.trim(),
    what: f.what,
    quote: f.stated_text,
    converted: f.unit !== 'USD',
  };
}

/** Money raised, sought, granted or won. */
const isFunding = (f: RecordFigure) => /\b(?:funding|rais\w*|invest\w*|grant|award|prize)\b/i.test(f.what);

/** What making it costs, in the inventor's words. */
const MAKING =
  /\bcost to (?:build|make|produce|manufacture)\b|\bunit cost\b|\bbom\b|\bbill of materials\b|\bto (?:build|make|produce|manufacture)\b/i;

/** Said of what buyers do today: "now", "currently", renting or hiring the thing it replaces. */
const TODAY =
  /\b(?:now|today|currently|at present|these days|at the moment)\b|\b(?:rent|rents|rented|renting|hire|hires|hiring)\b|\breplac(?:es|ing)\b/i;
/** Said of the invention's own price: "our price", "we sell it for". */
const OURS =
  /\b(?:our|my)\s+(?:price|product|kit|device|system|unit)\b|\bwe\s+(?:sell|charge|price|will sell|would sell|plan to sell|plan to charge)\b/i;

/** A figure in a currency that says what buyers pay today for what the invention replaces. */
export const readsAsTodaysCost = (f: RecordFigure) =>
  isMoney(f) && TODAY.test(f.stated_text) && !OURS.test(f.stated_text) && !isFunding(f) && !MAKING.test(f.what);

/** A figure in a currency that states what the product sells for (not what it costs to make, a raise, or what buyers pay today). */
export const readsAsPrice = (f: RecordFigure) =>
  isMoney(f) &&
  !readsAsTodaysCost(f) &&
  PRICE_WORDS.test(`${f.what} ${f.stated_text}`) &&
  !/\b(?:cost to (?:build|make|produce)|funding|raise|invest|grant|market)\b/i.test(f.what);

export function sizeMarket(record: InventionRecord): MarketSizing {
  const money = record.figures.filter(isMoney);
  const priceFigure = money.find(readsAsPrice);
  const todayFigure = money.find(readsAsTodaysCost);
  const others = money.filter((f) => f !== priceFigure && f !== todayFigure && !isFunding(f));
  const countFigure = record.figures.find((f) => f.unit === '' && f.value >= 10 && COUNT_WORDS.test(`${f.what}`));
  const price = priceFigure ? amount(priceFigure) : null;
  const count = countFigure ? { value: countFigure.value, what: countFigure.what, quote: countFigure.stated_text } : null;
  return {
    method: price && count ? 'bottom-up' : 'to-size',
    count,
    price,
    annualValueKusd: price && count ? Math.round((count.value * price.usd) / 1000) : null,
    todaysCost: todayFigure ? amount(todayFigure) : null,
    otherAmounts: others.map(amount),
    costs: others.filter((f) => MAKING.test(f.what)).map(amount),
    funding: money.filter(isFunding).map(amount),
  };
}
