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
  /** Other money figures the inventor gives (cost to build, a saving…). */
  otherAmounts: StatedAmount[];
  /** Money raised, sought, granted or won: not a price, a cost or a market. */
  funding: StatedAmount[];
}

const CURRENCY = /^(?:USD|EUR|GBP|INR)$/;
/** How each currency the record holds is written before an amount. */
export const CURRENCY_SYMBOL: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', INR: '₹' };
const PRICE_WORDS =
  /\b(?:price|sells?|sold|retail|charge|fee|per (?:unit|test|device|kit|year|month|licen[cs]e|user|seat)|a (?:unit|test|kit|year|month)|each|subscription)\b/i;
const COUNT_WORDS =
  /\b(?:per year|a year|each year|annually|per month|a month|procedures|patients|hospitals|clinics|farmers|farms|households|homes|users|customers|units|vehicles|sites|plants|factories|schools|cases|tests|operations|installations|towers|buyers)\b/i;

function amount(f: RecordFigure): StatedAmount {
  const rate = USD_PER[f.unit] ?? 1;
  const symbol = CURRENCY_SYMBOL[f.unit] ?? '';
  return {
    usd: Math.round(f.value * rate * 100) / 100,
    as_stated: `${symbol}${formatCount(f.value)}${f.value_max !== null ? `–${formatCount(f.value_max)}` : ''} ${f.what}`.trim(),
    what: f.what,
    quote: f.stated_text,
    converted: f.unit !== 'USD',
  };
}

/** A figure in a currency that states what the product sells for (not what it costs to make, or a raise). */
export const readsAsPrice = (f: RecordFigure) =>
  CURRENCY.test(f.unit) &&
  PRICE_WORDS.test(`${f.what} ${f.stated_text}`) &&
  !/\b(?:cost to (?:build|make|produce)|funding|raise|invest|grant|market)\b/i.test(f.what);

const isFunding = (f: RecordFigure) => /\b(?:funding|rais\w*|invest\w*|grant|award|prize)\b/i.test(f.what);

export function sizeMarket(record: InventionRecord): MarketSizing {
  const money = record.figures.filter((f) => CURRENCY.test(f.unit));
  const priceFigure = money.find(readsAsPrice);
  const countFigure = record.figures.find((f) => f.unit === '' && f.value >= 10 && COUNT_WORDS.test(`${f.what}`));
  const price = priceFigure ? amount(priceFigure) : null;
  const count = countFigure ? { value: countFigure.value, what: countFigure.what, quote: countFigure.stated_text } : null;
  return {
    method: price && count ? 'bottom-up' : 'to-size',
    count,
    price,
    annualValueKusd: price && count ? Math.round((count.value * price.usd) / 1000) : null,
    otherAmounts: money.filter((f) => f !== priceFigure && !isFunding(f)).map(amount),
    funding: money.filter(isFunding).map(amount),
  };
}
