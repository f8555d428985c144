import { formatFigure, type RecordFigure } from '@assay/shared';

/** The nine technology readiness levels, a line each. */
export const TRL_NAMES = [
  'Basic principles observed',
  'Technology concept formulated',
  'Experimental proof of concept',
  'Validated in the lab',
  'Validated in a relevant environment',
  'Demonstrated in a relevant environment',
  'Prototype demonstrated in operation',
  'System complete and qualified',
  'Proven in operation',
] as const;

export const trlText = (trl: number) => `TRL ${trl} — ${TRL_NAMES[trl - 1] ?? ''}`;

/** A figure as the inventor gave it: "10–15 % — efficiency gain". */
export function figureText(f: Pick<RecordFigure, 'value' | 'value_max' | 'unit' | 'what'>): string {
  const amount = f.value_max !== null ? `${formatFigure(f.value)}–${formatFigure(f.value_max)}` : formatFigure(f.value);
  return `${amount}${f.unit ? ` ${f.unit}` : ''} — ${f.what}`;
}
