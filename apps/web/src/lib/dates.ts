/**
 * The one way screens write dates (issue 26): 'Jul 1, 2025' for a day, and 'Jul 1, 2025, 3:05 PM
 * GMT+5:30' where a time is shown, in the reader's time zone and naming it, so a time is never
 * ambiguous. Every member and operator screen uses these; nothing else formats a date.
 */
const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dayTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short',
});

const parse = (iso: string | null | undefined) => {
  if (!iso) return undefined;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/** 'Jul 1, 2025' in the reader's zone; '—' for none. */
export const formatDay = (iso: string | null | undefined): string => {
  const d = parse(iso);
  return d ? day.format(d) : '—';
};

/** 'Jul 1, 2025, 3:05 PM GMT+5:30' (the zone named); '—' for none. */
export const formatDayTime = (iso: string | null | undefined): string => {
  const d = parse(iso);
  return d ? dayTime.format(d) : '—';
};
