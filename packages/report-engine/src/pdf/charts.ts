/**
 * Vector charts drawn with pdfkit primitives: the TRL scale with the estimate highlighted, the
 * 5×5 likelihood × impact risk matrix with the risks plotted, and the five-year ROI chart.
 * All labels are real text.
 */
import type { Risk, Roi, Trl } from '../content/report-content.ts';
import { TRL_SCALE } from '../knowledge/trl-scale.ts';
import type { Flow } from './flow.ts';
import { COLOR, TYPE } from './theme.ts';
import { formatCount } from '@assay/shared';

/** The TRL bar; `stated` when the member's record states the level (the label says which it is). */
export function drawTrlScale(f: Flow, trl: Trl, stated: boolean): void {
  const height = 112;
  f.ensure(height + 10);
  const doc = f.doc;
  const top = f.y;
  f.textAt('Technology Readiness Level (Horizon Europe scale)', f.left, top, { bold: true, size: TYPE.h3, color: COLOR.navy });
  const barTop = top + 34;
  const segW = f.width / 9;
  for (let level = 1; level <= 9; level++) {
    const x = f.left + (level - 1) * segW;
    const current = level === trl.level;
    const fill = current ? COLOR.accent : level < trl.level ? COLOR.accentLight : '#F1F5F9';
    doc
      .save()
      .rect(x + 1, barTop, segW - 2, 24)
      .fill(fill)
      .restore();
    f.textAt(String(level), x, barTop + 6, { bold: true, size: 11, color: current ? '#FFFFFF' : COLOR.navy, width: segW, align: 'center' });
    if (current) {
      const cx = x + segW / 2;
      doc
        .save()
        .moveTo(cx - 5, barTop - 9)
        .lineTo(cx + 5, barTop - 9)
        .lineTo(cx, barTop - 3)
        .fill(COLOR.accent)
        .restore();
      const label = `${stated ? 'Stated' : 'Estimated'}: TRL ${level}`;
      f.textAt(label, Math.min(Math.max(f.left, cx - 60), f.left + f.width - 120), barTop - 21, {
        bold: true,
        size: TYPE.small,
        color: COLOR.accent,
        width: 120,
        align: 'center',
      });
    }
  }
  const bands: Array<[string, number]> = [
    ['Research (1–3)', 0],
    ['Development (4–6)', 3],
    ['Deployment (7–9)', 6],
  ];
  for (const [label, start] of bands) {
    const x = f.left + start * segW;
    doc
      .save()
      .moveTo(x + 2, barTop + 30)
      .lineTo(x + 3 * segW - 2, barTop + 30)
      .lineWidth(0.8)
      .strokeColor(COLOR.faint)
      .stroke()
      .restore();
    f.textAt(label, x, barTop + 33, { size: TYPE.tiny, color: COLOR.muted, width: 3 * segW, align: 'center' });
  }
  f.textAt(`TRL ${trl.level} — ${TRL_SCALE[trl.level]}`, f.left, barTop + 52, {
    bold: true,
    size: TYPE.small + 0.5,
    color: COLOR.ink,
    width: f.width,
  });
  f.y = top + height;
}

const SCORE_FILL = (score: number) => (score >= 15 ? '#FECACA' : score >= 10 ? '#FED7AA' : score >= 5 ? '#FEF3C7' : '#D1FAE5');

export function drawRiskMatrix(f: Flow, risks: readonly Risk[]): void {
  const cell = 40;
  const gridW = cell * 5;
  const height = gridW + 70;
  f.ensure(height + 10);
  const doc = f.doc;
  const top = f.y;
  f.textAt('Risk matrix: likelihood × impact', f.left, top, { bold: true, size: TYPE.h3, color: COLOR.navy });
  const gx = f.left + 42;
  const gy = top + 22;
  for (let impact = 5; impact >= 1; impact--) {
    for (let likelihood = 1; likelihood <= 5; likelihood++) {
      const x = gx + (likelihood - 1) * cell;
      const y = gy + (5 - impact) * cell;
      doc
        .save()
        .rect(x, y, cell, cell)
        .fill(SCORE_FILL(likelihood * impact))
        .restore();
      doc.save().rect(x, y, cell, cell).lineWidth(0.6).strokeColor('#FFFFFF').stroke().restore();
    }
    f.textAt(String(impact), gx - 12, gy + (5 - impact) * cell + cell / 2 - 4, { size: TYPE.small, color: COLOR.muted });
  }
  for (let l = 1; l <= 5; l++) {
    f.textAt(String(l), gx + (l - 1) * cell, gy + gridW + 4, { size: TYPE.small, color: COLOR.muted, width: cell, align: 'center' });
  }
  f.textAt('Likelihood →', gx, gy + gridW + 16, { size: TYPE.small, color: COLOR.muted, width: gridW, align: 'center' });
  doc.save().rotate(-90, { origin: [f.left + 8, gy + gridW / 2 + 25] });
  f.textAt('Impact →', f.left + 8, gy + gridW / 2 + 25, { size: TYPE.small, color: COLOR.muted });
  doc.restore();

  // Plot each risk as a numbered dot; several in one cell are laid out in a small grid.
  const byCell = new Map<string, number[]>();
  risks.forEach((r, i) => {
    const k = `${r.likelihood}:${r.impact}`;
    byCell.set(k, [...(byCell.get(k) ?? []), i]);
  });
  for (const [k, idxs] of byCell) {
    const [l, imp] = k.split(':').map(Number) as [number, number];
    const x0 = gx + (l - 1) * cell;
    const y0 = gy + (5 - imp) * cell;
    idxs.slice(0, 6).forEach((idx, j) => {
      const cx = x0 + 9 + (j % 3) * 11;
      const cy = y0 + 10 + Math.floor(j / 3) * 13 + (idxs.length <= 3 ? 8 : 0);
      doc.save().circle(cx, cy, 5.4).fill(COLOR.navy).restore();
      f.textAt(String(idx + 1), cx - 6, cy - 3, { bold: true, size: 5.6, color: '#FFFFFF', width: 12, align: 'center' });
    });
  }

  // Legend beside the grid.
  const lx = gx + gridW + 24;
  const legend: Array<[string, string]> = [
    ['#FECACA', 'Critical (score 15–25)'],
    ['#FED7AA', 'High (10–14)'],
    ['#FEF3C7', 'Medium (5–9)'],
    ['#D1FAE5', 'Low (1–4)'],
  ];
  legend.forEach(([color, label], i) => {
    const y = gy + 4 + i * 16;
    doc.save().rect(lx, y, 10, 10).fill(color).restore();
    f.textAt(label, lx + 16, y + 1, { size: TYPE.small, color: COLOR.ink });
  });
  f.textAt('Numbers refer to the rows of the risk register (R1, R2, …). Score = likelihood × impact.', lx, gy + 76, {
    size: TYPE.tiny,
    color: COLOR.muted,
    width: f.left + f.width - lx,
  });
  f.y = top + height;
}

/** "Nice" axis step for a range (1, 2 or 5 × 10^n). */
function niceStep(span: number, ticks: number): number {
  const raw = span / Math.max(1, ticks);
  const mag = 10 ** Math.floor(Math.log10(raw || 1));
  const norm = raw / mag;
  return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
}

export function roiRows(roi: Roi): Array<{ year: number; investment: number; revenue: number; net: number; cumulative: number }> {
  let cumulative = 0;
  return roi.years.map((y) => {
    const net = y.revenue - y.investment;
    cumulative += net;
    return { year: y.year, investment: y.investment, revenue: y.revenue, net, cumulative };
  });
}

export function formatAmount(n: number): string {
  const v = Math.round(n);
  return `${v < 0 ? '−' : ''}${formatCount(Math.abs(v))}`;
}

export function drawRoiChart(f: Flow, roi: Roi): void {
  const height = 230;
  f.ensure(height + 10);
  const doc = f.doc;
  const top = f.y;
  const unit = roi.unit === 'units' ? roi.currency : `${roi.currency} ${roi.unit}`;
  f.textAt(`Five-year investment, revenue and cumulative net (${unit})`, f.left, top, { bold: true, size: TYPE.h3, color: COLOR.navy });
  const rows = roiRows(roi);
  const values = rows.flatMap((r) => [r.revenue, -r.investment, r.cumulative, 0]);
  let max = Math.max(...values);
  let min = Math.min(...values);
  if (max === min) max = min + 1;
  const step = niceStep(max - min, 5);
  max = Math.ceil(max / step) * step;
  min = Math.floor(min / step) * step;
  const px = f.left + 56;
  const py = top + 24;
  const pw = f.width - 56 - 8;
  const ph = height - 70;
  const yOf = (v: number) => py + ((max - v) / (max - min)) * ph;
  for (let v = min; v <= max + step / 2; v += step) {
    const y = yOf(v);
    doc
      .save()
      .moveTo(px, y)
      .lineTo(px + pw, y)
      .lineWidth(v === 0 ? 0.9 : 0.3)
      .strokeColor(v === 0 ? COLOR.muted : COLOR.rule)
      .stroke()
      .restore();
    f.textAt(formatAmount(v), f.left, y - 4, { size: TYPE.tiny, color: COLOR.muted, width: 50, align: 'right' });
  }
  const slot = pw / rows.length;
  const barW = Math.min(22, slot / 3.2);
  const points: Array<[number, number]> = [];
  rows.forEach((r, i) => {
    const cx = px + slot * i + slot / 2;
    const zero = yOf(0);
    if (r.revenue > 0)
      doc
        .save()
        .rect(cx - barW - 1, yOf(r.revenue), barW, zero - yOf(r.revenue))
        .fill(COLOR.positive)
        .restore();
    if (r.investment > 0)
      doc
        .save()
        .rect(cx + 1, zero, barW, yOf(-r.investment) - zero)
        .fill(COLOR.negative)
        .restore();
    f.textAt(`Year ${r.year}`, cx - slot / 2, py + ph + 6, { size: TYPE.small, color: COLOR.ink, width: slot, align: 'center' });
    points.push([cx, yOf(r.cumulative)]);
  });
  doc.save();
  points.forEach(([x, y], i) => (i === 0 ? doc.moveTo(x, y) : doc.lineTo(x, y)));
  doc.lineWidth(1.6).strokeColor(COLOR.line).stroke().restore();
  for (const [x, y] of points) doc.save().circle(x, y, 2.8).fill(COLOR.line).restore();

  const ly = py + ph + 24;
  const legend: Array<[string, string]> = [
    [COLOR.positive, 'Revenue'],
    [COLOR.negative, 'Investment (shown below zero)'],
    [COLOR.line, 'Cumulative net'],
  ];
  let lx = px;
  for (const [color, label] of legend) {
    doc
      .save()
      .rect(lx, ly + 1, 9, 9)
      .fill(color)
      .restore();
    f.textAt(label, lx + 13, ly + 1, { size: TYPE.small, color: COLOR.ink });
    lx += 13 + f.widthOf(label, { size: TYPE.small }) + 18;
  }
  f.y = top + height;
}
