import { EDITOR_BLOCKS } from '@assay/shared';
import { describe, expect, it } from 'vitest';
import { sanitizePostHtmlWithReport } from './sanitize-post-html.ts';

// `<img …>` and `<img … />` are the same element; sanitize-html writes the second form.
const sameHtml = (html: string) => html.replace(/\s*\/>/g, '>');

describe('what the post editor writes passes the sanitiser unchanged (decision 200)', () => {
  it.each(Object.entries(EDITOR_BLOCKS))('%s', (_name, html) => {
    const report = sanitizePostHtmlWithReport(html);
    expect(report.removed).toEqual([]);
    expect(sameHtml(report.html)).toBe(html);
  });

  it('every block together, as one post', () => {
    const html = Object.values(EDITOR_BLOCKS).join('');
    const report = sanitizePostHtmlWithReport(html);
    expect(report.removed).toEqual([]);
    expect(sameHtml(report.html)).toBe(html);
  });
});

describe('the allow-list grown for the editor keeps scripts impossible', () => {
  it.each([
    [
      '<a href="https://www.youtube.com/watch?v=x" data-embed="iframe">v</a>',
      '<a href="https://www.youtube.com/watch?v=x">v</a>',
      'removed data-embed from <a>',
    ],
    ['<a href="javascript:alert(1)" data-embed="youtube">v</a>', 'v', 'unwrapped a link whose href was removed (text kept)'],
    ['<p data-embed="youtube">x</p>', '<p>x</p>', 'removed data-embed from <p>'],
    ['<aside onclick="x()" class="btn" style="position:fixed">x</aside>', '<aside>x</aside>', 'removed onclick from <aside>'],
    ['<figure><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></figure>', '<figure></figure>', 'removed <iframe>'],
  ])('%s', (input, expected, note) => {
    const report = sanitizePostHtmlWithReport(input);
    expect(report.html).toBe(expected);
    expect(report.removed).toContain(note);
  });
});
