/** The cover page: product, title, tier, date, report id, the invention as the member confirmed it, and notices. */
import type { Complexity, InventionRecord } from '@assay/shared';
import { fieldLabel, formatCount, formatDay, IP_STATUS_LABELS, PRODUCT_NAME, TIER_LABELS } from '@assay/shared';
import { truncate, type Flow } from './flow.ts';
import { COLOR, PAGE, TYPE } from './theme.ts';

export interface CoverInfo {
  reportId: string;
  title: string;
  record: InventionRecord;
  complexity: Complexity;
  sectionCount: number;
  createdAt: Date;
  offline: boolean;
  version?: number | undefined;
  /** The reviewed PDF's signer (issue 28): "Name, RTTP number · delivered date". */
  reviewedBy?: string | undefined;
}

export const OFFLINE_NOTE = 'Offline analysis — generated without an AI model';

/** The record as the member confirmed it, one labelled line each (what is not stated says so). */
export function recordRows(r: InventionRecord): Array<[string, string]> {
  const stage = r.stage.trl !== null ? `TRL ${r.stage.trl}${r.stage.stated_text ? ` — “${r.stage.stated_text}”` : ''}` : 'not stated';
  const ip = `${IP_STATUS_LABELS[r.ip.status]}${r.ip.numbers.length ? ` — ${r.ip.numbers.join('; ')}` : ''}${r.ip.owner ? ` (${r.ip.owner})` : ''}`;
  const rows: Array<[string, string]> = [
    ['Name', r.name],
    ['What it is', r.summary || '—'],
    ['Field', r.field === 'uncertain' ? 'to confirm' : fieldLabel(r.field)],
    ['Stage', stage],
    ['IP', ip],
  ];
  if (r.features.length) rows.push(['Key features', r.features.slice(0, 4).join('; ')]);
  if (r.applications.length) rows.push(['Applications', r.applications.join('; ')]);
  if (r.licensees.length || r.customers.length) rows.push(['Licensees, customers', [...r.licensees, ...r.customers].join('; ')]);
  if (r.figures.length)
    rows.push([
      'Figures given',
      r.figures
        .slice(0, 4)
        .map((x) =>
          `${formatCount(x.value)}${x.value_max !== null ? `–${formatCount(x.value_max)}` : ''} ${x.unit} ${x.what}`.replace(/\s+/g, ' '),
        )
        .join('; '),
    ]);
  return rows;
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
    // The day the report was made, counted in UTC: the PDF is one file for every reader.
    ['Date', formatDay(info.createdAt, 'UTC')],
    ['Report ID', info.reportId],
    ...(info.version ? ([['Version', String(info.version)]] as Array<[string, string]>) : []),
    ...(info.reviewedBy ? ([['Expert review', info.reviewedBy]] as Array<[string, string]>) : []),
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
    f.textAt(
      'Written by the offline analyst from the confirmed record and curated field knowledge; no AI model read it.',
      left + 12,
      y + 20,
      { size: TYPE.tiny, color: '#92400E' },
    );
    f.y = y + 46;
  }

  f.text('The invention as confirmed', { bold: true, size: TYPE.h3, color: COLOR.navy, after: 6 });
  for (const [label, value] of recordRows(info.record)) {
    const text = truncate(value, 260);
    // A short value sits beside its label; a long one (what it is, the stage's sentence) gets the full width below it.
    if (f.widthOf(text, { size: TYPE.small + 0.5 }) <= width - 96) {
      const y = f.y;
      f.textAt(label, left, y, { size: TYPE.small, color: COLOR.muted });
      f.text(text, { x: left + 96, width: width - 96, size: TYPE.small + 0.5, color: COLOR.ink, after: 3 });
    } else {
      f.text(label, { size: TYPE.small, color: COLOR.muted, after: 1 });
      f.text(text, { size: TYPE.small + 0.5, color: COLOR.ink, lineGap: 1.4, after: 3 });
    }
  }
  f.gap(8);

  const noticeTop = PAGE.height - 118;
  if (f.y < noticeTop) {
    doc
      .save()
      .moveTo(left, noticeTop - 8)
      .lineTo(left + width, noticeTop - 8)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke()
      .restore();
    f.textAt(
      'Confidential — prepared for the account holder. Public disclosure of an unpublished idea before a patent filing can destroy its novelty in most countries.',
      left,
      noticeTop,
      { size: TYPE.tiny, color: COLOR.muted, width },
    );
    f.textAt(
      'Not investment, legal or regulatory advice. Statements marked "to verify" must be verified before any decision; figures are illustrative outputs of stated assumptions.',
      left,
      noticeTop + 22,
      { size: TYPE.tiny, color: COLOR.muted, width },
    );
  }
}
