/**
 * The expert's review as a section of its own in the reviewed PDF (issue 28 §4, decision 233):
 * the recommendation and its reasons, a verdict per dimension, the member's questions and the
 * answers, the comments on sections (numbered as the sections are in this document), and the
 * signature — the expert's name, RTTP certification number and the delivery date. Drawn with the
 * report's own Flow (fonts, script fallbacks, bidi), like every other page.
 */
import {
  formatDay,
  isSectionKey,
  PRODUCT_NAME,
  REVIEW_DIMENSIONS,
  REVIEW_DIMENSION_LABELS,
  REVIEW_RECOMMENDATION_LABELS,
  REVIEW_VERDICT_LABELS,
  sectionByKey,
  type ReviewDimension,
  type ReviewRecommendation,
  type REVIEW_VERDICTS,
} from '@assay/shared';
import type { SectionContent } from '../content/report-content.ts';
import { drawBullets, drawParagraph, drawSubheading, drawTable } from './blocks.ts';
import type { Flow } from './flow.ts';
import { COLOR, TYPE } from './theme.ts';

export interface ExpertReviewSection {
  expertName: string;
  rttpNumber: string;
  deliveredAt: Date;
  /** The section keys the member asked about; null for the whole report. */
  scope: readonly string[] | null;
  /** The member's questions, as they asked them ('' for none). */
  questions: string;
  verdicts: Record<ReviewDimension, { verdict: (typeof REVIEW_VERDICTS)[number]; note: string }>;
  recommendation: ReviewRecommendation;
  reasons: string;
  answers: string;
  /** In the order the expert wrote them; each on one section key of the report's tier. */
  comments: ReadonlyArray<{ section: string; text: string }>;
}

export const EXPERT_REVIEW_TITLE = 'Expert review';

/** The line on the cover and in the document's subject: who reviewed it, and when. */
export const reviewedByLine = (r: ExpertReviewSection) =>
  `${r.expertName}, RTTP ${r.rttpNumber} · delivered ${formatDay(r.deliveredAt, 'UTC')}`;

/** "3 · The Technology": a section as this document numbers it, or by its catalogue title when it is not in it. */
function sectionName(key: string, sections: readonly SectionContent[]): string {
  const i = sections.findIndex((s) => s.key === key);
  if (i >= 0) return `${i + 1} · ${sections[i]!.title}`;
  return isSectionKey(key) ? sectionByKey(key).title : key;
}

/** Paragraphs as the expert typed them: a blank line starts a new one, a single break stays inside it. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

export function drawExpertReview(f: Flow, r: ExpertReviewSection, sections: readonly SectionContent[]): void {
  f.text('Reviewed by a certified technology-transfer professional', { size: TYPE.tiny, color: COLOR.muted, after: 2 });
  f.text(EXPERT_REVIEW_TITLE, { bold: true, size: TYPE.h1, color: COLOR.navy, after: 4 });
  f.text(reviewedByLine(r), { size: TYPE.small + 0.5, color: COLOR.muted, after: 8 });
  f.rule(COLOR.accent, 1.2);
  f.gap(12);

  f.text(`Recommendation: ${REVIEW_RECOMMENDATION_LABELS[r.recommendation]}`, { bold: true, size: TYPE.h2, color: COLOR.accent, after: 4 });
  f.text(
    r.scope?.length
      ? `Scope: the sections the member asked about — ${r.scope.map((k) => sectionName(k, sections)).join('; ')}`
      : 'Scope: the whole report',
    { size: TYPE.small + 0.5, color: COLOR.muted, after: 8 },
  );

  drawSubheading(f, 'Reasons');
  for (const p of paragraphs(r.reasons)) drawParagraph(f, p);

  f.gap(4);
  drawTable(f, {
    type: 'table',
    title: 'Verdict per dimension',
    columns: ['Dimension', 'Verdict', 'Note'],
    rows: REVIEW_DIMENSIONS.map((d) => [
      REVIEW_DIMENSION_LABELS[d],
      REVIEW_VERDICT_LABELS[r.verdicts[d].verdict],
      r.verdicts[d].note.trim() || '—',
    ]),
  });

  if (r.questions.trim()) {
    drawSubheading(f, 'The member’s questions');
    for (const p of paragraphs(r.questions)) drawParagraph(f, p);
    drawSubheading(f, 'Answers');
    const answers = paragraphs(r.answers);
    if (answers.length) for (const p of answers) drawParagraph(f, p);
    else drawParagraph(f, 'The expert gave no separate answers; the reasons above stand for them.');
  } else if (r.answers.trim()) {
    drawSubheading(f, 'Answers');
    for (const p of paragraphs(r.answers)) drawParagraph(f, p);
  }

  if (r.comments.length) {
    drawSubheading(f, 'Comments on sections');
    // Grouped by section, in the order a reader meets the sections (then any not in this document).
    const order = (key: string) => {
      const i = sections.findIndex((s) => s.key === key);
      return i >= 0 ? i : sections.length;
    };
    const keys = [...new Set(r.comments.map((c) => c.section))].sort((a, b) => order(a) - order(b));
    for (const key of keys) {
      f.ensure(50);
      f.text(`Section ${sectionName(key, sections)}`, { bold: true, size: TYPE.body, color: COLOR.navy, after: 3 });
      drawBullets(
        f,
        r.comments.filter((c) => c.section === key).map((c) => c.text),
      );
    }
  }

  // The signature: kept together, after everything the expert wrote.
  f.gap(10);
  f.ensure(96);
  f.rule(COLOR.rule);
  f.gap(8);
  f.text('Signed', { size: TYPE.tiny, color: COLOR.muted, after: 2 });
  f.text(r.expertName, { bold: true, size: TYPE.h3, color: COLOR.navy, after: 2 });
  f.text(`RTTP certification number ${r.rttpNumber}`, { size: TYPE.body, after: 2 });
  f.text(`Delivered ${formatDay(r.deliveredAt, 'UTC')}`, { size: TYPE.body, after: 8 });
  f.text(
    `This review is the named expert’s professional opinion of the report that follows, given through ${PRODUCT_NAME}. The report itself was generated automatically; its limits are set out in the disclaimer at its end.`,
    { size: TYPE.small, color: COLOR.muted },
  );
}
