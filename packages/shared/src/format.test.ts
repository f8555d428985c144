import { describe, expect, it } from 'vitest';
import { escapeHtml, formatCount, formatDay, formatDayTime, formatFigure, formatMoney, formatTime, formatTokens } from './format.ts';

describe('formatMoney', () => {
  it('writes minor units in their own currency with two decimals', () => {
    expect(formatMoney(12900, 'USD')).toBe('$129.00');
    expect(formatMoney(5782, 'usd')).toBe('$57.82');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(500, 'EUR')).toBe('€5.00');
    expect(formatMoney(-500, 'USD')).toBe('-$5.00');
    // Every amount is minor / 100, the way the product stores all of them (never a currency's own digits).
    expect(formatMoney(12345, 'JPY')).toBe('¥123.45');
  });

  it('groups rupees the Indian way', () => {
    expect(formatMoney(1268500, 'INR')).toBe('₹12,685.00');
    expect(formatMoney(12345678, 'INR')).toBe('₹1,23,456.78');
    expect(formatMoney(12345678, 'USD')).toBe('$123,456.78');
  });

  it('writes the ISO code instead of the symbol when asked (tax documents)', () => {
    expect(formatMoney(12900, 'USD', { code: true })).toBe('USD 129.00');
    expect(formatMoney(-118000, 'INR', { code: true })).toBe('INR -1,180.00');
    expect(formatMoney(12345678, 'INR', { code: true })).toBe('INR 1,23,456.78');
  });

  it('does not round an integer amount wrong and never throws on a bad code', () => {
    for (const minor of [1, 5, 10, 99, 101, 15222, 999999999]) {
      expect(formatMoney(minor, 'USD', { code: true })).toBe(
        `USD ${Math.floor(minor / 100).toLocaleString('en-US')}.${String(minor % 100).padStart(2, '0')}`,
      );
    }
    expect(formatMoney(1999, 'XYZ1')).toBe('19.99 XYZ1');
    expect(formatMoney(1999, 'XYZ1', { code: true })).toBe('19.99 XYZ1');
    expect(formatMoney(1999, '')).toBe('19.99 ');
  });
});

describe('formatCount, formatTokens and formatFigure', () => {
  it('groups a count the en-US way whatever the machine locale is', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-2500)).toBe('-2,500');
    expect(formatTokens(10000)).toBe('10,000');
    // The same output the inline n.toLocaleString('en-US') calls it replaced gave.
    for (const n of [0, 7, 1000, 123456789, -42, 1.5, 2.0004]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });

  it('writes a figure with up to six decimals', () => {
    expect(formatFigure(1234.5)).toBe('1,234.5');
    expect(formatFigure(0.0125)).toBe('0.0125');
    expect(formatFigure(1.23456789)).toBe('1.234568');
    expect(formatFigure(2000000)).toBe('2,000,000');
  });
});

describe('formatDay, formatDayTime and formatTime', () => {
  const at = '2025-07-01T15:05:00Z';

  it('writes a day as "Jul 1, 2025" in the zone asked for', () => {
    expect(formatDay(at, 'UTC')).toBe('Jul 1, 2025');
    expect(formatDay(new Date(at), 'UTC')).toBe('Jul 1, 2025');
    expect(formatDay(Date.parse(at), 'UTC')).toBe('Jul 1, 2025');
    // 20:00 UTC on 31 March is already 1 April in India.
    expect(formatDay('2026-03-31T20:00:00Z', 'UTC')).toBe('Mar 31, 2026');
    expect(formatDay('2026-03-31T20:00:00Z', 'Asia/Kolkata')).toBe('Apr 1, 2026');
  });

  it('always names the zone where it shows a time', () => {
    expect(formatDayTime(at, 'UTC')).toBe('Jul 1, 2025, 3:05 PM UTC');
    expect(formatDayTime(at, 'Asia/Kolkata')).toBe('Jul 1, 2025, 8:35 PM GMT+5:30');
    expect(formatTime(at, 'UTC')).toBe('3:05 PM UTC');
    expect(formatTime(at, 'America/New_York')).toBe('11:05 AM EDT');
    // The reader's own zone (a screen): still named.
    expect(formatDayTime(at)).toMatch(/^Jul \d, 2025, \d{1,2}:\d{2}\s[AP]M (UTC|GMT([+-]\d{1,2}(:\d{2})?)?|[A-Z]{2,5})$/);
    expect(formatTime(at)).toMatch(/\s(UTC|GMT([+-]\d{1,2}(:\d{2})?)?|[A-Z]{2,5})$/);
  });

  it('writes a dash for no date or one that is not a date', () => {
    for (const none of [null, undefined, '', 'not a date', Number.NaN, new Date('x')]) {
      expect(formatDay(none, 'UTC')).toBe('—');
      expect(formatDayTime(none, 'UTC')).toBe('—');
      expect(formatTime(none, 'UTC')).toBe('—');
    }
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that can end text or an attribute, and nothing else', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;y&apos;');
    expect(escapeHtml('Ünïcødé — 低成本 ₹ 🚀')).toBe('Ünïcødé — 低成本 ₹ 🚀');
    expect(escapeHtml('')).toBe('');
  });

  it('escapes an already escaped text again (it is text, not markup)', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('keeps an attribute closed whatever the value holds', () => {
    const value = `" onmouseover="alert(1)' x='`;
    const html = `<a title="${escapeHtml(value)}">`;
    expect(html).not.toMatch(/"[^"]*"[^"]*"[^>]*onmouseover=/);
    expect(html.match(/"/g)).toHaveLength(2);
  });
});
