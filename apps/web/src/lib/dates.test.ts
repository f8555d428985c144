import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime } from './dates.ts';

describe('the one date format', () => {
  it('writes a day as "Jul 1, 2025" and a time with its zone named', () => {
    expect(formatDay('2025-07-01T12:00:00Z')).toBe('Jul 1, 2025');
    // Whatever zone the run is in, the time ends with that zone's name.
    expect(formatDayTime('2025-07-01T12:05:00Z')).toMatch(/^Jul 1, 2025, \d{1,2}:\d{2}\s?[AP]M (UTC|GMT([+-]\d{1,2}(:\d{2})?)?|[A-Z]{2,5})$/);
  });

  it('answers a dash for no date or a broken one', () => {
    expect(formatDay(null)).toBe('—');
    expect(formatDayTime('not a date')).toBe('—');
  });
});
