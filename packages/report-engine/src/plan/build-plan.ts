/**
 * The report's plan, built from the confirmed invention record and nothing else: the field's
 * guidance, the name as written, the TRL the report uses (the stated one, always; an estimate
 * only when nothing is stated, and marked so), the market from the inventor's figures, the one
 * money model every figure follows, and what is known about this kind of thing (considerations).
 * Deterministic: the same record and year give the same plan, so a resumed job rebuilds it.
 */
import type { InventionRecord } from '@assay/shared';
import type { ConfidenceLevel } from '../content/report-content.ts';
import { considerationsFor, type Consideration } from '../knowledge/considerations.ts';
import { fieldChoice, type FieldChoice } from '../knowledge/fields.ts';
import { estimateTrl } from '../knowledge/maturity.ts';
import { stageLevel } from '../knowledge/stages.ts';
import { splitSentences } from '../text/sentences.ts';
import { sizeMarket, type MarketSizing } from './market.ts';
import { buildMoneyModel, type MoneyModel } from './money.ts';
import { statedLaunchYear } from './stated-figures.ts';

export interface PlanTrl {
  level: number;
  /** 'stated' when the member's record states it (the report keeps it); 'estimated' otherwise. */
  source: 'stated' | 'estimated';
  /** The sentence that states it, or the record's words an estimate rests on. */
  quote: string;
  /** The stage in words when stated so ("Proof of concept"). */
  label: string | null;
  /** The TRL range a stage in words maps to. */
  range: readonly [number, number];
  confidence: ConfidenceLevel;
  reason: string;
}

export interface ReportPlan {
  record: InventionRecord;
  field: FieldChoice;
  /** The product's name as written (or the member's confirmed descriptive name). */
  name: string;
  trl: PlanTrl;
  market: MarketSizing;
  money: MoneyModel;
  /** Year 1 of every timeline (the report's year). */
  baseYear: number;
  launchCalendarYear: number;
  considerations: Consideration[];
  /** The record's words, for search terms and the reviewer's checks (never the raw idea). */
  recordText: string;
}

export function recordText(record: InventionRecord): string {
  return [
    record.name,
    record.summary,
    ...record.features,
    record.mechanism,
    record.problem,
    ...record.advantages,
    ...record.applications,
    ...record.customers,
    ...record.licensees,
  ]
    .filter(Boolean)
    .join('\n');
}

function planTrl(record: InventionRecord): PlanTrl {
  const { stage } = record;
  if (stage.trl !== null) {
    const words = stage.label ? stageLevel(stage.label) : null;
    return {
      level: stage.trl,
      source: 'stated',
      quote: stage.stated_text ?? `TRL ${stage.trl}`,
      label: stage.label,
      range: words?.range ?? [stage.trl, stage.trl],
      // A stated level is the inventor's; documents (test reports) raise the confidence, not our reading.
      confidence: 'medium',
      reason: stage.stated_text
        ? 'Stated by the inventor; test records should confirm it.'
        : 'Confirmed by the member; test records should confirm it.',
    };
  }
  const estimate = estimateTrl(splitSentences([record.summary, record.mechanism, ...record.features, ...record.advantages].join('\n')));
  return {
    level: estimate.level,
    source: 'estimated',
    quote: estimate.evidence[0] ?? '',
    label: null,
    range: [estimate.level, estimate.level],
    confidence: 'low',
    reason: estimate.cues[0] ? `No stage is stated; estimated from the description (${estimate.cues[0]}).` : 'No stage is stated.',
  };
}

export function buildReportPlan(record: InventionRecord, now: Date): ReportPlan {
  const text = recordText(record);
  const field = fieldChoice(record.field, record.field_confidence, text);
  const trl = planTrl(record);
  const market = sizeMarket(record);
  const baseYear = now.getUTCFullYear();
  const stated = statedLaunchYear(record);
  const money = buildMoneyModel(
    trl.level,
    field.profile,
    market,
    stated === null ? null : Math.min(10, Math.max(1, stated - baseYear + 1)),
  );
  return {
    record,
    field,
    name: record.name,
    trl,
    market,
    money,
    baseYear,
    launchCalendarYear: baseYear + money.launchYear - 1,
    considerations: considerationsFor(text, record.field),
    recordText: text,
  };
}
