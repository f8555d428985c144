import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPLEXITIES, sectionsFor, type Complexity } from '@assay/shared';
import { readRecord } from '../record/read-record.ts';
import { createAnalystWriter } from '../writers/analyst/analyst-writer.ts';
import type { SectionContent } from '../content/report-content.ts';
import { generateReportContent } from '../pipeline/generate-report-content.ts';
import { nearEmptyPages } from '../eval/near-empty-pages.ts';
import { OFFLINE_NOTE } from './cover.ts';
import { renderReportPdf } from './render-report-pdf.ts';
import { PAGE } from './theme.ts';

const IDEA =
  'A low-cost ceramic membrane filter coated with iron-oxide nanoparticles that removes arsenic and fluoride from groundwater for rural households in India. ' +
  'Existing reverse-osmosis units are expensive, waste water and need electricity. Our filter works by gravity through a clay-based ceramic candle lined with a nanostructured iron-oxide coating. ' +
  'We built a lab prototype at our university and tested it with spiked water samples. A provisional patent application has been filed.';
const RECORD = readRecord(IDEA);
const CREATED = new Date('2025-11-21T10:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'assay-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pdfText(pdf: Buffer, name: string): string[] {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
}

function pdfFonts(pdf: Buffer, name: string): string[][] {
  const file = join(dir, `${name}-fonts.pdf`);
  writeFileSync(file, pdf);
  const out = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return out.map((l) => l.trim().split(/\s+/));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const flat = (s: string) => s.replace(/\s+/g, ' ');

async function render(complexity: Complexity, offline = true) {
  const content = await generateReportContent({ writer: createAnalystWriter(), record: RECORD, complexity });
  const t0 = performance.now();
  const { pdf } = await renderReportPdf({
    reportId: `rep-${complexity}-0042`,
    title: content.title,
    record: RECORD,
    complexity,
    createdAt: CREATED,
    sections: content.sections,
    offline,
    evidence: content.evidence,
  });
  return { pdf, ms: performance.now() - t0, title: content.title, sections: content.sections };
}

describe('report PDF', () => {
  for (const complexity of COMPLEXITIES) {
    it(`renders a ${complexity} report whose text, contents and page numbers are real`, async () => {
      const { pdf, title, sections } = await render(complexity);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const pages = pdfText(pdf, complexity).filter((p, i, all) => i < all.length - 1 || p.trim() !== '');
      const count = pages.length;

      // Cover
      const cover = flat(pages[0]!);
      expect(cover).toContain('Assay');
      expect(cover).toContain('Technology Assessment Report');
      expect(cover).toContain(flat(title));
      expect(cover).toContain(`${complexity[0]!.toUpperCase()}${complexity.slice(1)}`);
      expect(cover).toContain('Nov 21, 2025');
      expect(cover).toContain(`rep-${complexity}-0042`);
      expect(cover).toContain(OFFLINE_NOTE);
      // It opens with the invention as the member confirmed it.
      expect(cover).toContain('The invention as confirmed');
      expect(cover).toContain('Stage TRL 4');
      expect(cover).not.toMatch(/Page \d+ of/);

      // Every page but the cover has a footer with its own number.
      for (let i = 1; i < count; i++) expect(pages[i], `page ${i + 1}`).toContain(`Page ${i + 1} of ${count}`);

      // Contents: every section listed, and its page really starts that section.
      const toc = pages.slice(1, 3).join('\n');
      expect(toc).toContain('Contents');
      expect(sections).toHaveLength(sectionsFor(complexity).length);
      sections.forEach((s, i) => {
        const m = new RegExp(`^\\s*${i + 1}\\s+${escape(s.title)}\\s+(\\d+)\\s*$`, 'm').exec(toc);
        expect(m, `contents line for ${s.title}`).not.toBeNull();
        const page = Number(m![1]);
        const body = pages[page - 1]!;
        expect(body, `${s.title} on page ${page}`).toContain(`Section ${i + 1} of ${sections.length}`);
        expect(flat(body)).toContain(s.title);
      });
      // A section runs on below the previous one when it fits, so no page after the contents is
      // left nearly empty (a contents page carried over holds only a few entries, by design).
      const firstBody = Number(/^\s*1\s+.+?\s+(\d+)\s*$/m.exec(toc)![1]);
      expect(nearEmptyPages(pages).filter((p) => p.page >= firstBody)).toEqual([]);
      expect(toc).toMatch(/Disclaimer\s+\d+/);
      expect(flat(pages.at(-1)!)).toContain('not investment, financial, legal, tax or regulatory advice');
    });
  }

  it('runs short sections on from page to page, never leaving a heading without its first lines or a page nearly empty', async () => {
    // Sections of growing length, so their headings land at every height of a page, the bottom too.
    const defs = sectionsFor('comprehensive');
    const sections: SectionContent[] = defs.map((d, i) => ({
      key: d.key,
      title: d.title,
      summary: [`Lead${i + 1} opens this section. ${'A sentence of ordinary length in the summary. '.repeat(3 + i * 4)}`],
      blocks: [],
      confidence: null,
      next_steps: ['One step.'],
      trl: null,
      risks: null,
      roi: null,
    }));
    const { pdf } = await renderReportPdf({
      reportId: 'flow',
      title: 'Flow',
      record: RECORD,
      complexity: 'comprehensive',
      createdAt: CREATED,
      sections,
      offline: true,
      evidence: null,
    });
    const pages = pdfText(pdf, 'flow');
    const toc = pages.slice(1, 3).join('\n');
    const starts = sections.map((s, i) => {
      const m = new RegExp(`^\\s*${i + 1}\\s+${escape(s.title)}\\s+(\\d+)\\s*$`, 'm').exec(toc);
      expect(m, `contents line for ${s.title}`).not.toBeNull();
      const page = Number(m![1]);
      const body = flat(pages[page - 1]!);
      // The contents number is the page the section starts on, and its lead paragraph begins there.
      const at = body.indexOf(`Section ${i + 1} of ${sections.length}`);
      expect(at, `${s.title} on page ${page}`).toBeGreaterThanOrEqual(0);
      expect(body.slice(at), `${s.title}: heading kept with its first lines`).toMatch(
        new RegExp(`Lead${i + 1} opens this section\\. A sentence of ordinary length`),
      );
      return page;
    });
    expect(new Set(starts).size, 'several sections share a page').toBeLessThan(sections.length);
    expect(starts, 'in order').toEqual([...starts].sort((a, b) => a - b));
  });

  it('embeds every font it uses (no unembedded Helvetica)', async () => {
    const { pdf } = await render('basic');
    const fonts = pdfFonts(pdf, 'fonts');
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const f of fonts) {
      // name type encoding emb sub uni id gen — "CID TrueType" is two words.
      const emb = f.at(-5);
      expect(emb, f.join(' ')).toBe('yes');
      expect(f[0]).not.toMatch(/Helvetica/);
    }
  });

  it('draws charts as vector graphics with text labels (TRL scale, risk matrix, ROI)', async () => {
    const { pdf } = await render('comprehensive');
    const text = flat(pdfText(pdf, 'charts').join(' '));
    expect(text).toContain('Technology Readiness Level (Horizon Europe scale)');
    expect(text).toContain('Stated: TRL 4');
    expect(text).toContain('Risk matrix: likelihood × impact');
    expect(text).toContain('Five-year investment, revenue and cumulative net');
  });

  it('says nothing about offline analysis when a model wrote the report', async () => {
    const { pdf } = await render('basic', false);
    const pages = pdfText(pdf, 'online');
    expect(flat(pages[0]!)).not.toContain(OFFLINE_NOTE);
    expect(flat(pages.join(' '))).toContain('with the help of an AI language model');
  });

  it('survives content at the limits of the schema (long cells, many rows, six columns)', async () => {
    const long = 'Very long cell text that keeps going to test wrapping in narrow columns. '.repeat(5).slice(0, 390);
    const section: SectionContent = {
      key: 'competitors',
      title: 'Competitors and Alternatives',
      summary: ['A summary. '.repeat(120).slice(0, 1490)],
      blocks: [
        {
          type: 'table',
          title: 'Big table',
          columns: ['A', 'B', 'C', 'D', 'E', 'F'],
          rows: Array.from({ length: 20 }, () => Array(6).fill(long)),
        },
        { type: 'callout', kind: 'verify', title: null, items: Array(10).fill(long) },
        { type: 'bullets', title: null, items: Array(12).fill(long) },
        { type: 'paragraph', text: 'Ünïcødé — “quotes”, € ₹ µg/L ≥ ≤ × → ✓' },
      ],
      confidence: { level: 'low', reason: long },
      next_steps: Array(6).fill(long),
      trl: { level: 9, evidence: [long], to_reach_next: [long] },
      risks: Array.from({ length: 15 }, (_, i) => ({
        risk: long,
        category: 'market' as const,
        likelihood: (i % 5) + 1,
        impact: 5 - (i % 5),
        mitigation: long,
      })),
      roi: {
        currency: 'EUR',
        unit: 'millions',
        scenario: 'Stress',
        years: [1, 2, 3, 4, 5].map((year) => ({ year, investment: year * 1.5, revenue: year * year })),
      },
    };
    const { pdf } = await renderReportPdf({
      reportId: 'x',
      title: 'T'.repeat(160),
      record: { ...RECORD, summary: 'I'.repeat(300) },
      complexity: 'basic',
      createdAt: CREATED,
      sections: [section],
      offline: false,
      evidence: null,
    });
    const pages = pdfText(pdf, 'stress');
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.length).toBeLessThan(40);
    expect(flat(pages.join(' '))).toContain('Ünïcødé');
  });

  describe('ideas written in other scripts', () => {
    /** A section that repeats the idea in a paragraph, a table, bullets and a callout. */
    function sectionOf(title: string, idea: string): SectionContent {
      return {
        key: 'competitors',
        title,
        summary: [idea],
        blocks: [
          { type: 'table', title, columns: ['#', title, 'Note'], rows: [['1', idea, title]] },
          { type: 'bullets', title: null, items: [idea, title] },
        ],
        confidence: { level: 'medium', reason: idea },
        next_steps: [idea],
        trl: null,
        risks: null,
        roi: null,
      };
    }

    function renderIdea(title: string, idea: string) {
      return renderReportPdf({
        reportId: 'rep-intl',
        title,
        record: { ...RECORD, name: title.slice(0, 120), summary: idea.slice(0, 300) },
        complexity: 'basic',
        createdAt: CREATED,
        sections: [sectionOf(title, idea)],
        offline: false,
        evidence: null,
      }).then((r) => r.pdf);
    }

    /** Every word pdftotext finds, with its page's width and its horizontal extent. */
    function pdfWords(
      pdf: Buffer,
      name: string,
    ): Array<{ page: number; width: number; xMin: number; xMax: number; height: number; text: string }> {
      const file = join(dir, `${name}-bbox.pdf`);
      writeFileSync(file, pdf);
      const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      const words: Array<{ page: number; width: number; xMin: number; xMax: number; height: number; text: string }> = [];
      let page = 0;
      let width = 0;
      for (const m of html.matchAll(
        /<page width="([\d.]+)"|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      )) {
        if (m[1]) {
          page++;
          width = Number(m[1]);
        } else {
          words.push({ page, width, xMin: Number(m[2]), xMax: Number(m[4]), height: Number(m[5]) - Number(m[3]), text: m[6]! });
        }
      }
      return words;
    }

    const noSpace = (s: string) => s.replace(/\s+/g, '');

    const CASES = [
      {
        script: 'Chinese',
        font: 'NotoSansSC',
        title: '低成本陶瓷膜过滤器去除地下水中的砷和氟',
        idea: '一种涂有氧化铁纳米颗粒的低成本陶瓷膜过滤器，可以为印度农村家庭去除地下水中的砷和氟。现有的反渗透装置价格昂贵、浪费水并且需要电力。我们的过滤器依靠重力工作，已在大学实验室完成原型测试。',
      },
      {
        script: 'Japanese',
        font: 'NotoSansJP',
        title: '地下水からヒ素を除去する低コストのセラミック膜フィルター',
        idea: '酸化鉄ナノ粒子でコーティングされた低コストのセラミック膜フィルターで、農村の家庭の地下水からヒ素とフッ素を除去します。既存の逆浸透装置は高価で、水を無駄にし、電気が必要です。',
      },
      {
        // Every CJK face the engine ships (decision 211 keeps only their regular and bold files).
        script: 'Korean',
        font: 'NotoSansKR',
        title: '지하수에서 비소를 제거하는 저비용 세라믹 막 필터',
        idea: '산화철 나노입자로 코팅된 저비용 세라믹 막 필터로 농촌 가정의 지하수에서 비소와 불소를 제거합니다. 기존 역삼투 장치는 비싸고 물을 낭비하며 전기가 필요합니다.',
      },
      {
        script: 'Hindi',
        font: 'NotoSansDevanagari',
        title: 'भूजल से आर्सेनिक हटाने वाला कम लागत का फ़िल्टर',
        idea: 'लौह ऑक्साइड नैनोकणों से लेपित एक कम लागत वाला सिरेमिक झिल्ली फ़िल्टर जो ग्रामीण परिवारों के लिए भूजल से आर्सेनिक और फ्लोराइड को हटाता है।',
      },
      {
        script: 'emoji',
        font: 'NotoEmoji',
        title: 'Solar kettle 🚀☀️ for every village 💧',
        idea: 'A solar kettle ☀️🔥 that boils water in 10 minutes 💧 — tested by 20 families 👨‍👩‍👧 and 90 % were happy 😀👍',
      },
    ];

    for (const c of CASES) {
      it(`draws a ${c.script} title and idea with an embedded Noto font, and the text comes back`, async () => {
        const pdf = await renderIdea(c.title, c.idea);
        // Words in reading order; runs of complex scripts come back whole, from their ActualText.
        const cover = noSpace(
          pdfWords(pdf, c.script)
            .filter((w) => w.page === 1)
            .map((w) => w.text)
            .join(''),
        );
        expect(cover).toContain(noSpace(c.title));
        expect(cover).toContain(noSpace(c.idea));
        const fonts = pdfFonts(pdf, c.script);
        expect(fonts.map((f) => f[0]!.replace(/^[A-Z]{6}\+/, ''))).toEqual(expect.arrayContaining([`${c.font}-Regular`, `${c.font}-Bold`]));
        for (const f of fonts) expect(f.at(-5), f.join(' ')).toBe('yes');
      });
    }

    it('draws an Arabic title and idea with Noto Sans Arabic, right-aligned, readable in logical order', async () => {
      const title = 'مرشح غشائي خزفي منخفض التكلفة لإزالة الزرنيخ';
      const idea =
        'مرشح غشائي خزفي مغطى بجسيمات أكسيد الحديد النانوية يزيل الزرنيخ والفلورايد من المياه الجوفية للأسر الريفية في الهند. وحدات التناضح العكسي الحالية باهظة الثمن.';
      const pdf = await renderIdea(title, idea);
      const fonts = pdfFonts(pdf, 'arabic').map((f) => f[0]!.replace(/^[A-Z]{6}\+/, ''));
      expect(fonts).toEqual(expect.arrayContaining(['NotoSansArabic-Regular', 'NotoSansArabic-Bold']));
      // Shaped Arabic glyphs do not map one to one back to letters, so each run carries its text
      // in reading order (ActualText), which is what a reader extracts.
      const words = pdfWords(pdf, 'arabic');
      const cover = words
        .filter((w) => w.page === 1)
        .map((w) => w.text)
        .join(' ');
      expect(cover).toContain(title);
      expect(cover).toContain(idea.slice(0, 60));
      // Right-aligned: the title's run ends at the right margin and starts well inside it.
      const tallest = Math.max(...words.filter((w) => w.page === 1 && /[\u0600-\u06FF]/.test(w.text)).map((w) => w.height));
      const titleLine = words.filter((w) => w.page === 1 && w.height === tallest);
      const titleRun = {
        width: titleLine[0]!.width,
        xMin: Math.min(...titleLine.map((w) => w.xMin)),
        xMax: Math.max(...titleLine.map((w) => w.xMax)),
      };
      expect(titleRun.xMax).toBeGreaterThan(titleRun.width - PAGE.margin.right - 2);
      expect(titleRun.xMin).toBeGreaterThan(PAGE.margin.left + 10);
    });

    it('keeps a 1,000-character word and a long line of Chinese inside the right margin', async () => {
      const word = 'Supercalifragilistic'.repeat(60);
      const chinese = '这是一个没有空格的很长的中文句子用于测试换行是否正确'.repeat(12);
      const idea = `${word} ${chinese}`;
      const { pdf } = await renderReportPdf({
        reportId: 'rep-long',
        title: `${'长'.repeat(60)} ${word.slice(0, 200)}`,
        record: { ...RECORD, summary: idea.slice(0, 300) },
        complexity: 'basic',
        createdAt: CREATED,
        sections: [sectionOf(`${word.slice(0, 150)}`, idea)],
        offline: false,
        evidence: null,
      });
      const words = pdfWords(pdf, 'long');
      for (const w of words) {
        expect(w.xMax, `"${w.text.slice(0, 30)}…" on page ${w.page}`).toBeLessThanOrEqual(w.width - PAGE.margin.right + 0.5);
        expect(w.xMin, `"${w.text.slice(0, 30)}…" on page ${w.page}`).toBeGreaterThanOrEqual(PAGE.margin.left - 0.5);
      }
      expect(noSpace(words.map((w) => w.text).join(''))).toContain(noSpace(chinese).slice(0, 100));
      expect(words.filter((w) => w.text.startsWith('Supercali')).length).toBeGreaterThan(5);
    });
  });
});
