/**
 * Estimates a Technology Readiness Level from maturity cues in the idea text ("concept",
 * "lab", "prototype", "pilot", "field trial", "certified", "sales"…). Cues stated as plans
 * ("we plan to build a prototype") are recorded as plans, not evidence.
 */
import type { ConfidenceLevel } from '../content/report-content.ts';
import { TRL_SCALE } from './trl-scale.ts';
import { clip } from '../text/normalise.ts';

interface MaturityCue {
  level: number;
  label: string;
  pattern: RegExp;
}

const CUES: MaturityCue[] = [
  {
    level: 9,
    label: 'commercial sales or production',
    pattern:
      /\b(?:in (?:commercial |series |mass )?production|on the market|commercially (?:available|sold|deployed)|paying customers|(?:recurring |first )?revenues?\b|units sold|sold (?:over|more than) \d)/i,
  },
  {
    level: 8,
    label: 'certified or qualified system',
    pattern:
      /\b(?:certified|ce[- ]marked|fda[- ](?:cleared|approved)|type[- ]approved|qualified for|approval (?:was )?granted|received (?:regulatory )?approval)/i,
  },
  {
    level: 7,
    label: 'field trial or operation in a real environment',
    pattern:
      /\b(?:field[- ]trials?|field[- ]tested|operational environment|deployed (?:at|in|with|on)|installed (?:at|in)|live with \d|in use (?:at|by)|clinical (?:trial|study|investigation)|active users)/i,
  },
  {
    level: 6,
    label: 'pilot or demonstrator in a relevant environment',
    pattern:
      /\b(?:pilot(?:ed|ing)?(?: plant| line| project| study| deployment| site| scale)?|demonstrator|beta (?:version|test|users|customers)|in[- ]vivo|animal (?:study|studies|model)|pre-?clinical|scaled[- ]up)/i,
  },
  {
    level: 5,
    label: 'validation in a relevant or simulated environment',
    pattern:
      /\b(?:relevant environment|simulated (?:environment|conditions)|real(?:istic)? (?:conditions|water|samples|soil)|outdoor test|tested on site|working mvp|mvp|minimum viable product)/i,
  },
  {
    level: 4,
    label: 'prototype validated in the laboratory',
    pattern:
      /\b(?:prototypes?|breadboard|bench[- ]?(?:top|scale)? ?tests?|validated in (?:the )?lab(?:oratory)?|lab(?:oratory)?[- ]scale|lab(?:oratory)? (?:cells?|units?|devices?|prototypes?|reactors?)|coin cells?|working model)/i,
  },
  {
    level: 3,
    label: 'experimental proof of concept',
    pattern:
      /\b(?:proof[- ]of[- ]concept|experiments?|experimental(?:ly)?|lab(?:oratory)? (?:results?|tests?|data|trials?)|in[- ]vitro|preliminary (?:results|data|tests)|tested|measured|in (?:the |our |a )?lab(?:oratory)?\b)/i,
  },
  {
    level: 2,
    label: 'technology concept formulated',
    pattern:
      /\b(?:concept|conceptual|design(?:ed)?|simulations?|simulated|model(?:led|ed|ling|ing)|theoretical(?:ly)?|hypothes[ie]s|calculations?|proposed|envisage|envision)/i,
  },
  {
    level: 1,
    label: 'basic principles observed',
    pattern: /\b(?:basic principles?|phenomenon (?:was )?observed|we observed|discovered that|scientific observation)/i,
  },
];

/** A cue inside this window before it, such as "plan to" or "no", makes it a plan or a negation. */
const PLAN_OR_NEGATION =
  /\b(?:no|not|without|yet to|plan(?:s|ned|ning)? to|will|would|intend(?:s|ed)? to|aim(?:s|ing)? to|want(?:s)? to|hope to|future|next step|seek(?:ing)? (?:funding )?to|need(?:s)? (?:funding )?to|could|should)\b[^.]{0,40}$/i;

const COMPARISON =
  /\b(?:compar\w*|than|unlike|versus|vs\.?|existing|conventional|incumbent|competitors?|alternatives?|state of the art|(?:methods?|products?|solutions?|devices?|systems?) (?:currently )?(?:on|in) the market)\b/i;

export interface TrlEstimate {
  level: number;
  /** Sentences from the idea that support the level, quoted. */
  evidence: string[];
  /** Cue labels found as evidence (highest first). */
  cues: string[];
  /** Stated plans ("we plan to run a pilot"): not evidence, but useful for the roadmap. */
  plans: string[];
  confidence: ConfidenceLevel;
  reason: string;
}

export const TRL_LABELS = TRL_SCALE;

/** A short quotation of the idea's own words, so the maturity note is about this idea. */
const quoteShort = (s: string, max = 110) => `“${clip(s.replace(/[.!?]+$/, ''), max)}”`;

export function estimateTrl(sentences: string[]): TrlEstimate {
  const found: Array<{ level: number; label: string; sentence: string }> = [];
  const plans: string[] = [];
  for (const sentence of sentences) {
    for (const cue of CUES) {
      const m = cue.pattern.exec(sentence);
      if (!m) continue;
      const before = sentence.slice(0, m.index);
      // "compared with methods on the market": others' maturity, not this invention's.
      if (cue.level >= 7 && COMPARISON.test(sentence)) continue;
      if (PLAN_OR_NEGATION.test(before)) {
        if (!plans.includes(sentence)) plans.push(clip(sentence, 200));
        continue;
      }
      found.push({ level: cue.level, label: cue.label, sentence: clip(sentence, 200) });
      break; // the highest cue in a sentence is the one that counts
    }
  }
  if (found.length === 0) {
    return {
      level: 2,
      evidence: [sentences[0] ? `Concept only: ${quoteShort(sentences[0])}` : 'Concept only; nothing built or tested is reported.'],
      cues: [],
      plans,
      confidence: 'low',
      reason: sentences[0]
        ? `Default for a described concept: nothing from ${quoteShort(sentences[0], 60)} onwards reports a test; the inventor must confirm.`
        : 'Default for a described concept; the inventor must confirm.',
    };
  }
  found.sort((a, b) => b.level - a.level);
  const level = found[0]!.level;
  const supporting = found.filter((f) => f.level >= level - 1);
  const evidence = [...new Set(supporting.map((f) => f.sentence))].slice(0, 4);
  const cues = [...new Set(found.map((f) => f.label))];
  const confidence: ConfidenceLevel = supporting.length >= 2 ? 'medium' : 'low';
  const reason =
    confidence === 'medium'
      ? `Several statements point to "${found[0]!.label}", but they are the inventor's own description and no test report has been reviewed.`
      : `A single statement points to "${found[0]!.label}"; it is self-reported and needs documents (test reports, photos, data) to confirm.`;
  return { level, evidence, cues, plans: plans.slice(0, 4), confidence, reason };
}
