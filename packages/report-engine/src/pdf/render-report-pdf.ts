/**
 * Renders a report to PDF with pdfkit: cover, contents with real page numbers, every section
 * (text, tables, callouts, TRL / risk / ROI charts, the prior-art table), the sources and method
 * of the search, the references, a disclaimer page, and a header and footer
 * on every page but the cover. The body is laid out first into buffered pages; the contents
 * pages reserved after the cover are filled in at the end, when page numbers are known.
 */
import PDFDocument from 'pdfkit';
import { isSectionKey, PRODUCT_NAME, sectionByKey, TIER_LABELS, type Complexity, type InventionRecord } from '@assay/shared';
import type { SectionContent } from '../content/report-content.ts';
import type { EvidenceRecord } from '../evidence/evidence.ts';
import { drawBlock, drawBullets, drawCallout, drawConfidenceBadge, drawParagraph, drawSubheading, drawTable } from './blocks.ts';
import { drawRiskMatrix, drawRoiChart, drawTrlScale, formatAmount, roiRows } from './charts.ts';
import { drawPageChrome, drawWatermark } from './chrome.ts';
import { drawCover } from './cover.ts';
import { drawExpertReview, EXPERT_REVIEW_TITLE, reviewedByLine, type ExpertReviewSection } from './expert-review.ts';
import {
  drawFeatureChart,
  drawPriorArtTable,
  FEATURE_CHART_SECTION,
  drawReferences,
  drawSearchGaps,
  drawSourcesAndMethod,
  REFERENCES_TITLE,
  SOURCES_TITLE,
  wasSearched,
} from './evidence-pages.ts';
import { Flow } from './flow.ts';
import { COLOR, PAGE, TYPE } from './theme.ts';
import { drawToc, tocPageCount, type TocEntry } from './toc.ts';

export interface RenderReportInput {
  reportId: string;
  title: string;
  /** The invention as the member confirmed it: the cover opens with it. */
  record: InventionRecord;
  complexity: Complexity;
  createdAt: Date;
  /** Finished sections in catalogue order. */
  sections: readonly SectionContent[];
  /** True when written by the offline analyst: the cover says so. */
  offline: boolean;
  /** What the searches found (stored with the report); null when none was run. */
  evidence: EvidenceRecord | null;
  /** The report's version: named on the cover and in every footer (issue 27). */
  version?: number | undefined;
  /** A shared copy's recipient line, on every page (issue 27); none for the member's own PDF. */
  watermark?: string | undefined;
  /** The reviewed PDF (issue 28): the expert's review as its own section before the report's, signed. */
  expertReview?: ExpertReviewSection | undefined;
}

export const DISCLAIMER_TITLE = 'Disclaimer';

function disclaimerParagraphs(offline: boolean, searched: boolean): string[] {
  return [
    `This report was generated automatically by ${PRODUCT_NAME} from the invention record the account holder confirmed, ${offline ? 'by the offline analyst, without an AI model' : 'with the help of an AI language model'}. It is an aid to thinking, not a professional opinion.`,
    'It is not investment, financial, legal, tax or regulatory advice, and it is not an offer or a recommendation to buy, sell or invest. Decisions should be taken with qualified professionals: a registered patent attorney or agent, a regulatory consultant or notified body, and a financial adviser.',
    'Statements marked "to verify" are unverified and must be checked against the sources indicated before any decision. Figures such as costs, ranges, royalty rates and return-on-investment tables are illustrative outputs of the stated assumptions, not forecasts or market data.',
    searched
      ? `The prior-art search behind this report is an automated keyword search of the public databases named under “${SOURCES_TITLE}”, not a professional novelty, patentability or freedom-to-operate search. No freedom-to-operate opinion, regulatory classification or market study has been carried out; where those are discussed, the report describes how to obtain them.`
      : 'No patent search, freedom-to-operate opinion, regulatory classification or market study has been carried out for this report; where those are discussed, the report describes how to obtain them.',
    'Confidentiality: the invention record and this report are private to the account holder. Publishing an invention before filing a patent application can destroy its novelty in most countries.',
  ];
}

/** Space above a section that follows another on the same page. */
export const SECTION_GAP = 30;
/** Body a section heading must keep with it (keep-with-next): about four lines of its lead paragraph. */
export const KEEP_WITH_HEADING = 60;

const sectionLabel = (index: number, total: number) => `Section ${index + 1} of ${total}`;
const sectionQuestion = (s: SectionContent) => (isSectionKey(s.key) ? `The question: ${sectionByKey(s.key).question}` : null);

/** Height of a section's heading block (label, title, question, rule and the gap below it). */
function sectionHeadHeight(f: Flow, s: SectionContent, index: number, total: number): number {
  const question = sectionQuestion(s);
  return (
    f.measure(sectionLabel(index, total), { size: TYPE.tiny }) +
    2 +
    f.measure(s.title, { bold: true, size: TYPE.h1 }) +
    4 +
    (question ? f.measure(question, { size: TYPE.small + 0.5 }) + 8 : 0) +
    12
  );
}

/**
 * Where a section starts: on a page of its own for the first, else below the previous one when
 * its heading and the first lines of its body still fit, so a short section or a few spilled
 * lines never leave a page nearly empty and a heading is never left alone at the bottom.
 */
function startSection(f: Flow, s: SectionContent, index: number, total: number): void {
  if (index === 0) return f.newPage();
  f.gap(SECTION_GAP);
  f.ensure(sectionHeadHeight(f, s, index, total) + KEEP_WITH_HEADING);
}

function drawSection(
  f: Flow,
  s: SectionContent,
  index: number,
  total: number,
  evidence: EvidenceRecord | null,
  trlStated: boolean,
  record: InventionRecord,
): void {
  f.text(sectionLabel(index, total), { size: TYPE.tiny, color: COLOR.muted, after: 2 });
  f.text(s.title, { bold: true, size: TYPE.h1, color: COLOR.navy, after: 4 });
  const question = sectionQuestion(s);
  if (question) f.text(question, { size: TYPE.small + 0.5, color: COLOR.muted, after: 8 });
  f.rule(COLOR.accent, 1.2);
  f.gap(12);

  f.as(true, () => drawSectionBody(f, s, evidence, trlStated, record));
}

/** The section's body: what its writer wrote, with the charts' and notices' fixed labels drawn as furniture. */
function drawSectionBody(f: Flow, s: SectionContent, evidence: EvidenceRecord | null, trlStated: boolean, record: InventionRecord): void {
  const furniture = (draw: () => void) => f.as(false, draw);
  for (const p of s.summary) drawParagraph(f, p, true);
  if (s.confidence) drawConfidenceBadge(f, s.confidence);
  furniture(() => drawSearchGaps(f, s.key, evidence));
  if (s.prior_art?.length) drawPriorArtTable(f, s.prior_art, evidence);
  if (s.key === FEATURE_CHART_SECTION) drawFeatureChart(f, record, evidence);

  if (s.trl) {
    f.gap(4);
    furniture(() => {
      drawTrlScale(f, s.trl!, trlStated);
      drawSubheading(f, trlStated ? 'Evidence for the stated level' : 'Evidence for the estimate');
    });
    drawBullets(f, s.trl.evidence);
    furniture(() => drawSubheading(f, 'To reach the next level'));
    drawBullets(f, s.trl.to_reach_next);
  }
  if (s.risks && s.risks.length > 0) {
    f.gap(4);
    furniture(() => drawRiskMatrix(f, s.risks!));
    drawTable(f, {
      type: 'table',
      title: 'Risk register',
      columns: ['#', 'Risk', 'Category', 'L', 'I', 'L×I', 'Mitigation'],
      rows: s.risks.map((r, i) => [
        `R${i + 1}`,
        r.risk,
        r.category,
        String(r.likelihood),
        String(r.impact),
        String(r.likelihood * r.impact),
        r.mitigation,
      ]),
    });
  }
  if (s.roi) {
    f.gap(4);
    furniture(() => drawRoiChart(f, s.roi!));
    drawTable(f, {
      type: 'table',
      title: `${s.roi.scenario} (${s.roi.currency}${s.roi.unit === 'units' ? '' : ` ${s.roi.unit}`})`,
      columns: ['Year', 'Investment', 'Revenue', 'Net', 'Cumulative'],
      rows: roiRows(s.roi).map((r) => [
        `Year ${r.year}`,
        formatAmount(r.investment),
        formatAmount(r.revenue),
        formatAmount(r.net),
        formatAmount(r.cumulative),
      ]),
    });
  }

  for (const b of s.blocks) drawBlock(f, b);
  drawCallout(f, { kind: 'next-steps', title: 'Next steps', items: s.next_steps });
}

export interface RenderedReport {
  pdf: Buffer;
  /** The text as rendered, in reading order (a table row per entry; page headers and footers left out). */
  text: string[];
  /** The part of it the writer wrote: the sections' bodies, without the furniture every report of the tier shares. */
  writing: string[];
}

export async function renderReportPdf(input: RenderReportInput): Promise<RenderedReport> {
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: { ...PAGE.margin },
    bufferPages: true,
    autoFirstPage: false,
    displayTitle: true,
    info: {
      Title: input.title,
      Author: PRODUCT_NAME,
      Subject: `${TIER_LABELS[input.complexity]} Technology Assessment Report${input.expertReview ? ` — expert review by ${reviewedByLine(input.expertReview)}` : ''}`,
      Keywords: `technology assessment; ${input.complexity}; report ${input.reportId}${input.watermark ? `; ${input.watermark.replace(/ · /g, '; ')}` : ''}`,
      Creator: `${PRODUCT_NAME} report engine`,
      CreationDate: input.createdAt,
    },
  });
  // pdfkit's default Helvetica is never drawn with (Flow picks a face from fonts.ts for every
  // run), so it is never written to the file; only the embedded TrueType subsets are.

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const f = new Flow(doc);
  f.newPage();
  drawCover(f, {
    reportId: input.reportId,
    title: input.title,
    record: input.record,
    complexity: input.complexity,
    sectionCount: input.sections.length,
    createdAt: input.createdAt,
    offline: input.offline,
    version: input.version,
    reviewedBy: input.expertReview ? reviewedByLine(input.expertReview) : undefined,
  });

  // The expert's review (when there is one), sections, then the sources, references and disclaimer pages.
  const tocPages = tocPageCount(input.sections.length + 3 + (input.expertReview ? 1 : 0));
  const tocStart = doc.bufferedPageRange().count;
  for (let i = 0; i < tocPages; i++) f.newPage();

  const entries: TocEntry[] = [];
  if (input.expertReview) {
    // First after the contents: the reader meets the professional's judgement before the report it judges.
    f.newPage();
    doc.addNamedDestination('expert-review');
    doc.outline.addItem(EXPERT_REVIEW_TITLE);
    entries.push({ label: '', title: EXPERT_REVIEW_TITLE, page: doc.bufferedPageRange().count, destination: 'expert-review' });
    drawExpertReview(f, input.expertReview, input.sections);
  }
  for (const [i, s] of input.sections.entries()) {
    // Laying out a section is synchronous work: let the event loop breathe between sections, so a
    // worker rendering a long report still renews its leases and answers its other reports.
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    startSection(f, s, i, input.sections.length);
    const destination = `section-${i + 1}`;
    // The link lands where the section starts, which may be below another section.
    doc.addNamedDestination(destination, 'XYZ', null, f.y, null);
    doc.outline.addItem(s.title);
    entries.push({ label: String(i + 1), title: s.title, page: doc.bufferedPageRange().count, destination });
    drawSection(f, s, i, input.sections.length, input.evidence, input.record.stage.trl !== null, input.record);
  }

  // With nothing to cite, the method and the one-sentence reference list are short (about 300 pt
  // together, 80 for the list) and kept on one page, so the list is never left alone on a page.
  const sourcesRoom = input.evidence?.items.length ? 160 : 300;
  for (const [destination, title, draw] of [
    ['sources', SOURCES_TITLE, drawSourcesAndMethod],
    ['references', REFERENCES_TITLE, drawReferences],
  ] as const) {
    // The method follows the last section, and the references the method, on the same page when
    // there is room: a short list (or "no search was run") would otherwise leave a page nearly empty.
    f.gap(destination === 'sources' ? SECTION_GAP : 24);
    f.ensure(destination === 'sources' ? sourcesRoom : input.evidence?.items.length ? 160 : 80);
    doc.addNamedDestination(destination, 'XYZ', null, f.y, null);
    doc.outline.addItem(title);
    entries.push({ label: '', title, page: doc.bufferedPageRange().count, destination });
    draw(f, input.evidence);
  }

  f.newPage();
  doc.addNamedDestination('disclaimer');
  doc.outline.addItem(DISCLAIMER_TITLE);
  entries.push({ label: '', title: DISCLAIMER_TITLE, page: doc.bufferedPageRange().count, destination: 'disclaimer' });
  f.text(DISCLAIMER_TITLE, { bold: true, size: TYPE.h1, color: COLOR.navy, after: 10 });
  f.rule(COLOR.accent, 1.2);
  f.gap(12);
  for (const p of disclaimerParagraphs(input.offline, wasSearched(input.evidence))) drawParagraph(f, p);

  drawToc(f, tocStart, entries);

  const { count } = doc.bufferedPageRange();
  const chrome = {
    title: input.title,
    reportId: input.reportId,
    tierLabel: TIER_LABELS[input.complexity],
    productName: PRODUCT_NAME,
    version: input.version,
    watermark: input.watermark,
  };
  for (let i = 1; i < count; i++) drawPageChrome(f, i, count, chrome);
  // The cover has no chrome; a shared copy's cover carries the recipient too.
  if (input.watermark) {
    doc.switchToPage(0);
    f.silently(() => drawWatermark(f, input.watermark!));
  }

  doc.end();
  return { pdf: await done, text: f.transcript, writing: f.writing };
}
