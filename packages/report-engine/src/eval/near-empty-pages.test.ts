import { describe, expect, it } from 'vitest';
import { nearEmptyPages, ownWordsPerPage } from './near-empty-pages.ts';

const header = 'Assay · Technology Assessment Report      A title of five words';
const footer = (n: number) => `Basic report · ID X          Not investment or legal advice · Page ${n} of 5`;
const body = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const page = (n: number, text: string) => `${header}\n\n${text}\n\n${footer(n)}`;

describe('near-empty pages', () => {
  const pages = [
    `Cover\n${body(10)}`,
    page(2, `Contents\n1 Executive summary 3`),
    page(3, body(120)),
    page(4, body(39)),
    page(5, body(40)),
  ];
  it('does not count the running header and footer', () => {
    expect(ownWordsPerPage(pages).map((p) => p.words)).toEqual([11, 5, 120, 39, 40]);
  });
  it('lists pages under 40 words, skipping the cover and the contents', () => {
    expect(nearEmptyPages(pages)).toEqual([{ page: 4, words: 39 }]);
  });
});
