import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { layoutText } from './text-layout.ts';

const doc = () => new PDFDocument({ autoFirstPage: false });
const box = { size: 10, bold: false };

describe('text layout', () => {
  it('gives Chinese, Arabic, Devanagari and emoji each a face that has their glyphs, and Latin the base face', () => {
    const [line] = layoutText(doc(), 'Assay 检测 فلتر फ़िल्टर 🚀', box);
    const faces = line!.runs.map((r) => [r.face, r.text.trim()]);
    expect(faces).toEqual(
      expect.arrayContaining([
        ['base', 'Assay'],
        ['sc', '检测'],
        ['devanagari', 'फ़िल्टर'],
        ['emoji', '🚀'],
      ]),
    );
    expect(line!.runs.find((r) => r.face === 'arabic')?.actual?.trim()).toBe('فلتر');
  });

  it('orders an Arabic line right to left, with its number and Latin word kept left to right', () => {
    // Logical order: "filter" 2024 "model" PDF — read right to left.
    const [line] = layoutText(doc(), 'مرشح 2024 نموذج PDF', box);
    expect(line!.rtl).toBe(true);
    const visual = line!.runs
      .map((r) => r.actual ?? r.text)
      .map((t) => t.trim())
      .filter(Boolean);
    expect(visual).toEqual(['PDF', 'نموذج', '2024', 'مرشح']);
  });

  it('mirrors brackets inside right-to-left text', () => {
    const [line] = layoutText(doc(), 'الهند (نموذج)', box);
    const arabic = line!.runs.find((r) => r.face === 'arabic')!;
    // fontkit reverses the run when it draws it: the logical "(" must be stored as ")" to show as "(".
    expect(arabic.text).toBe('الهند )نموذج(');
    expect(arabic.actual).toBe('الهند (نموذج)');
  });

  it('breaks Chinese between characters and a word longer than the line between letters', () => {
    const lines = layoutText(doc(), `${'长'.repeat(100)} ${'x'.repeat(1000)}`, { ...box, width: 200 });
    expect(lines.length).toBeGreaterThan(10);
    for (const l of lines) expect(l.width).toBeLessThanOrEqual(200);
    expect(
      lines
        .map((l) => l.runs.map((r) => r.text).join(''))
        .join('')
        .replace(/\s/g, ''),
    ).toBe(`${'长'.repeat(100)}${'x'.repeat(1000)}`);
  });
});
