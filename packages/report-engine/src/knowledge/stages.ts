/**
 * Development stages as listings and inventors state them, mapped to the TRL scale (Horizon
 * Europe). A stage in words maps to a range; the record keeps the lower end as its level (a
 * reader plans from what is shown, not from what is hoped) and the words as written.
 * Order matters: the first pattern that matches a stage statement decides (a lab prototype is
 * checked before a prototype, a field trial before a pilot).
 */
export interface StageWords {
  pattern: RegExp;
  trl: number;
  range: readonly [number, number];
}

export const STAGE_WORDS: readonly StageWords[] = [
  {
    pattern:
      /\b(?:commerciali[sz]ed|commercially available|on the market|in (?:commercial |series |mass )?production|(?:in )?commercial (?:use|sales|stage)|market(?:ed|-ready product)|products? (?:is |are )?(?:being )?sold|revenue[- ]generating)\b/i,
    trl: 9,
    range: [8, 9],
  },
  {
    pattern:
      /\b(?:qualified|certified|ce[- ]marked|fda[- ](?:cleared|approved)|regulatory approval|ready for (?:market|commerciali[sz]ation|launch|production|manufactur\w*)|market[- ]ready)\b/i,
    trl: 8,
    range: [8, 8],
  },
  {
    pattern:
      /\b(?:operational environment|field[- ](?:trials?|tested|testing|deployment|validated|validation)|deployed (?:at|in|with|on)|clinical (?:trials?|stud(?:y|ies)|investigation|use)|pilot (?:plant|line|production|deployment|installation)s?|demonstrat\w* in (?:an? )?operational)\b/i,
    trl: 7,
    range: [6, 7],
  },
  {
    pattern:
      /\b(?:pilot(?:ed|ing)?|demonstrat(?:ed|ion|or) in (?:a |the )?relevant environment|beta|prototype (?:tested|validated|demonstrated) (?:in|at|on|with) (?!the lab|a lab|laboratory)|scaled[- ]up|pre-?clinical|animal (?:studies|study|model|testing)|in[- ]vivo)\b/i,
    trl: 6,
    range: [5, 6],
  },
  {
    pattern:
      /\b(?:validated in (?:the )?lab(?:oratory)?|lab(?:oratory)?[- ](?:scale|validated|validation|prototype|testing|tested)|bench[- ]?(?:top|scale)?(?: prototype| testing| tested| validation)?|breadboard|reduction to practice|(?:basic|early|early-stage|first|rough|crude|initial|simple|concept) prototypes?)\b/i,
    trl: 4,
    range: [4, 4],
  },
  {
    pattern:
      /\b(?:validated in (?:a |the )?relevant environment|relevant environment|(?:working|functional|full[- ]scale|field) prototype|prototype|minimum viable product|mvp|alpha)\b/i,
    trl: 5,
    range: [5, 6],
  },
  {
    pattern:
      /\b(?:proof[- ]of[- ]concept|proof of principle|feasibility (?:study|demonstrated|shown)|in[- ]vitro|preliminary (?:data|results)|experimental(?:ly)? (?:data|validation|proof|results)|early[- ]stage (?:data|validation))\b/i,
    trl: 3,
    range: [3, 4],
  },
  {
    pattern:
      /\b(?:concept(?:ual)?(?: stage)?|idea stage|early[- ]stage(?: research)?|basic research|research stage|design stage|theoretical|simulation(?:s| stage)?)\b/i,
    trl: 2,
    range: [2, 3],
  },
];

/** The TRL a stated stage maps to, or null when the words name no stage. */
export function stageLevel(words: string): StageWords | null {
  return STAGE_WORDS.find((s) => s.pattern.test(words)) ?? null;
}
