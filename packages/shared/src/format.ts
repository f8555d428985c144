import { escapeUTF8 } from 'entities/escape';

/**
 * The one way the product writes money, dates and HTML text (issue 31, decision 211): the web
 * app, the server's mails and pages, and the PDFs all call these, and nothing else formats them.
 */

// ── Money ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Integer minor units (cents, paise) in their own currency, never converted: amount / 100 with two
 * decimals. '$129.00', '₹1,23,456.78' (rupees group the Indian way), '-$5.00'. `code: true` writes
 * the ISO code instead of the symbol, as tax documents do: 'USD 129.00', 'INR -1,180.00'.
 * An unknown code still prints: '19.99 XYZ1'.
 */
export function formatMoney(minor: number, currency: string, options: { code?: boolean } = {}): string {
  const code = currency.trim().toUpperCase();
  const major = minor / 100;
  const locale = code === 'INR' ? 'en-IN' : 'en-US';
  try {
    if (options.code) {
      // Checked as a currency first, so a bad code fails here as it does with a symbol.
      new Intl.NumberFormat(locale, { style: 'currency', currency: code });
      return `${code} ${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(major)}`;
    }
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      major,
    );
  } catch {
    return `${major.toFixed(2)} ${code}`;
  }
}

// ── Dates ───────────────────────────────────────────────────────────────────────────────────────

type DateInput = Date | string | number | null | undefined;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'day' | 'dayTime' | 'time', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    const day = { year: 'numeric', month: 'short', day: 'numeric' } as const;
    const time = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
    f = new Intl.DateTimeFormat('en-US', { ...(kind === 'time' ? {} : day), ...(kind === 'day' ? {} : time), timeZone });
    formatters.set(key, f);
  }
  return f;
}

const toDate = (value: DateInput): Date | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/**
 * A day: 'Jul 1, 2025'; '—' for none or an invalid date. `timeZone` is the zone the day is
 * counted in: omitted, the reader's own (screens); the server names one (mails: 'UTC'; invoices:
 * 'Asia/Kolkata', the zone of their tax dates).
 */
export function formatDay(value: DateInput, timeZone?: string): string {
  const d = toDate(value);
  return d ? formatter('day', timeZone).format(d) : '—';
}

/**
 * A moment, always naming its zone so it is never ambiguous: 'Jul 1, 2025, 3:05 PM UTC',
 * 'Jul 1, 2025, 8:35 PM GMT+5:30'; '—' for none. `timeZone` as for formatDay.
 */
export function formatDayTime(value: DateInput, timeZone?: string): string {
  const d = toDate(value);
  return d ? formatter('dayTime', timeZone).format(d) : '—';
}

/** A time of a day the reader knows from context, with its zone: '3:05 PM GMT+5:30'; '—' for none. */
export function formatTime(value: DateInput, timeZone?: string): string {
  const d = toDate(value);
  return d ? formatter('time', timeZone).format(d) : '—';
}

// ── Counts and figures ──────────────────────────────────────────────────────────────────────────

// Always en-US, never the machine's locale: a server or a browser set to German would write
// '10.000'. The same output as n.toLocaleString('en-US') (at most three decimals).
const countFormat = /* @__PURE__ */ new Intl.NumberFormat('en-US');
const figureFormat = /* @__PURE__ */ new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/**
 * A count (members, reports, words, characters) as every screen, mail and document writes it:
 * 1234 → '1,234'. The report's market numbers and chart amounts use it too; a fraction keeps up to
 * three decimals there, as it always has (a stated figure on a screen is formatFigure's).
 */
export const formatCount = (n: number): string => countFormat.format(n);

/** A token amount, written as any count: 10000 → '10,000'. */
export const formatTokens = formatCount;

/**
 * A stated figure's value, which may be fractional and is shown as given, up to six decimals:
 * 1234.5 → '1,234.5', 0.0125 → '0.0125'.
 */
export const formatFigure = (n: number): string => figureFormat.format(n);

// ── HTML ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Text for an HTML (or XML) element or quoted attribute: & < > " ' become entities, everything
 * else stays as written (the documents are UTF-8). The `entities` package, the one htmlparser2 and
 * the sanitizer already use.
 */
export function escapeHtml(text: string): string {
  return escapeUTF8(text);
}
