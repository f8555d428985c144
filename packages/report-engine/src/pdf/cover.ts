/** The cover page: product, title, tier, date, report id, the idea as submitted, and notices. */
import type { Complexity } from '@assay/shared';
import { PRODUCT_NAME, TIER_LABELS } from '@assay/shared';
import { truncate, type Flow } from './flow.ts';
import { COLOR, PAGE, TYPE } from './theme.ts';

export interface CoverInfo {
  reportId: string;
  title: string;
  idea: string;
  complexity: Complexity;
  sectionCount: number;
  createdAt: Date;
  offline: boolean;
}

export const OFFLINE_NOTE = 'Offline analysis — generated without an AI model';

export function formatDate(d: Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
}

export function drawCover(f: Flow, info: CoverInfo): void {
  const doc = f.doc;
  const left = PAGE.margin.left;
  const width = f.width;
  doc.save().rect(0, 0, PAGE.width, 200).fill(COLOR.navy).restore();
  doc.save().rect(0, 200, PAGE.width, 4).fill(COLOR.accent).restore();
  f.textAt(PRODUCT_NAME, left, 58, { bold: true, size: 30, color: '#FFFFFF' });
  f.textAt('Technology Assessment Report', left, 104, { size: 15, color: '#CBD5E1' });
  f.textAt(`${TIER_LABELS[info.complexity]} tier · ${info.sectionCount} sections`, left, 130, { size: TYPE.body, color: '#99F6E4' });

  f.y = 240;
  f.text(info.title, { bold: true, size: 22, color: COLOR.navy, lineGap: 3, after: 18 });

  const rows: Array<[string, string]> = [
    ['Report tier', TIER_LABELS[info.complexity]],
    ['Date', formatDate(info.createdAt)],
    ['Report ID', info.reportId],
  ];
  for (const [label, value] of rows) {
    const y = f.y;
    f.textAt(label, left, y, { size: TYPE.body, color: COLOR.muted });
    f.text(value, { x: left + 90, width: width - 90, size: TYPE.body, bold: true, after: 4 });
  }
  f.gap(12);

  if (info.offline) {
    const y = f.y;
    doc.save().roundedRect(left, y, width, 34, 4).fill('#FEF3C7').restore();
    f.textAt(OFFLINE_NOTE, left + 12, y + 7, { bold: true, size: TYPE.body, color: '#92400E' });
    f.textAt('Written by the offline analyst from the idea text and curated domain guidance.', left + 12, y + 20, { size: TYPE.tiny, color: '#92400E' });
    f.y = y + 46;
  }

  f.text('The idea as submitted', { bold: true, size: TYPE.h3, color: COLOR.navy, after: 4 });
  const idea = truncate(info.idea, 900);
  f.text(idea, { size: TYPE.small + 0.5, color: COLOR.ink, lineGap: 1.8, after: 14 });

  const noticeTop = PAGE.height - 118;
  if (f.y < noticeTop) {
    doc.save().moveTo(left, noticeTop - 8).lineTo(left + width, noticeTop - 8).lineWidth(0.5).strokeColor(COLOR.rule).stroke().restore();
    f.textAt(
      'Confidential — prepared for the account holder. Public disclosure of an unpublished idea before a patent filing can destroy its novelty in most countries.',
      left, noticeTop, { size: TYPE.tiny, color: COLOR.muted, width },
    );
    f.textAt(
      'Not investment, legal or regulatory advice. Statements marked "to verify" must be verified before any decision; figures are illustrative outputs of stated assumptions.',
      left, noticeTop + 22, { size: TYPE.tiny, color: COLOR.muted, width },
    );
  }
}
