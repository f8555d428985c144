/**
 * Time-zone arithmetic with the runtime's own zone database (Intl): no dependency, and the
 * same answer on PGlite and PostgreSQL because the database is handed instants, not zone names.
 */

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instantMs: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instantMs));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant a calendar day (YYYY-MM-DD) starts in `zone`: local midnight, or the first moment
 * after it where a clock change skips midnight.
 */
export function startOfDayIn(day: string, zone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(y, m - 1, d);
  let t = wallMidnight - offsetAt(wallMidnight, zone);
  // A second pass settles days where the offset at midnight differs from the first guess's.
  t = wallMidnight - offsetAt(t, zone);
  return new Date(t);
}

/** The day after YYYY-MM-DD, as YYYY-MM-DD. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
