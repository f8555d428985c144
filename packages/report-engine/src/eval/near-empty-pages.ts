/**
 * Near-empty pages of a rendered report: pages with fewer than 40 words of their own, not
 * counting the cover (page 1), the contents page(s), and the running header and footer that
 * every page repeats.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const MIN_WORDS_PER_PAGE = 40;

/** The text of each page, read with poppler's `pdftotext` (pages are separated by form feeds). */
export function pdfPageTexts(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'assay-eval-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const pages = text.split('\f');
    if (pages.length > 1 && pages.at(-1)?.trim() === '') pages.pop();
    return pages;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const lineKey = (line: string) => line.trim().replace(/\s+/g, ' ').replace(/\d+/g, '#');
const countWords = (text: string) => (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu) ?? []).length;

function isContentsPage(text: string): boolean {
  return text
    .split('\n')
    .slice(0, 8)
    .some((l) => /^(table of )?contents$/i.test(l.trim()));
}

export interface PageWords {
  /** 1-based page number. */
  page: number;
  words: number;
}

/** Words per page after removing lines repeated on more than half the pages (header, footer). */
export function ownWordsPerPage(pages: readonly string[]): PageWords[] {
  const seen = new Map<string, number>();
  for (const p of pages) for (const key of new Set(p.split('\n').map(lineKey).filter(Boolean))) seen.set(key, (seen.get(key) ?? 0) + 1);
  const repeated = (line: string) => pages.length >= 3 && (seen.get(lineKey(line)) ?? 0) > pages.length / 2;
  return pages.map((p, i) => ({
    page: i + 1,
    words: countWords(
      p
        .split('\n')
        .filter((l) => !repeated(l))
        .join('\n'),
    ),
  }));
}

export function nearEmptyPages(pages: readonly string[], min = MIN_WORDS_PER_PAGE): PageWords[] {
  return ownWordsPerPage(pages).filter((p) => p.page > 1 && !isContentsPage(pages[p.page - 1] ?? '') && p.words < min);
}
