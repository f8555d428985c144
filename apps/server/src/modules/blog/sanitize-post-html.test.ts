import { describe, expect, it } from 'vitest';
import { sanitizePostHtml, sanitizePostHtmlWithReport } from './sanitize-post-html.ts';

describe('sanitizePostHtml', () => {
  it('answers a body it cleaned before as it did, and a changed body anew (the remembered copies are keyed by the text)', () => {
    const body = '<p>Ours <script>alert(1)</script><a href="javascript:x()">link</a></p>';
    expect(sanitizePostHtml(body)).toBe('<p>Ours link</p>');
    expect(sanitizePostHtml(body)).toBe('<p>Ours link</p>');
    const changed = body.replace('Ours', 'Changed <img src="x" onerror="y()" />');
    expect(sanitizePostHtml(changed)).toBe('<p>Changed <img loading="lazy" src="x" /> link</p>');
    // A body too large to remember is cleaned each time, all the same.
    const long = `<p onclick="x()">${'a'.repeat(300_000)}</p>`;
    expect(sanitizePostHtml(long)).toBe(`<p>${'a'.repeat(300_000)}</p>`);
    expect(sanitizePostHtml(long)).toBe(`<p>${'a'.repeat(300_000)}</p>`);
  });

  it('keeps the formatting an article needs', () => {
    const html = [
      '<h2>Heading</h2><h3>Sub</h3><p>A <strong>bold</strong>, <em>em</em> and <code>code</code> line.</p>',
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol>',
      '<blockquote><p>Quote</p></blockquote>',
      '<pre class="language-ts"><code class="language-ts">const x = 1;</code></pre>',
      '<figure><img src="https://cdn.example.com/a.png" alt="A chart" width="600" /><figcaption>Caption</figcaption></figure>',
      '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table>',
      '<p><a href="https://example.com/x" title="X">link</a> <a href="mailto:a@b.example">mail</a> <a href="/pricing">pricing</a></p>',
    ].join('');
    const clean = sanitizePostHtml(html);
    for (const kept of [
      '<h2>Heading</h2>',
      '<ol start="3">',
      '<blockquote>',
      '<pre class="language-ts">',
      '<figcaption>',
      'alt="A chart"',
      '<th scope="col">',
      '<td colspan="2">',
      'href="mailto:a@b.example"',
      'href="/pricing"',
    ]) {
      expect(clean).toContain(kept);
    }
  });

  it.each([
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<p onclick="x()" onmouseover="y()">x</p>', '<p>x</p>'],
    ['<img src="/a.png" onerror="alert(1)">', '<img loading="lazy" src="/a.png" />'],
    ['<a href="javascript:alert(1)">x</a>', 'x'],
    ['<a href="JaVaScRiPt&#58;alert(1)">x</a>', 'x'],
    ['<a href="  javascript:alert(1)">x</a>', 'x'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', 'x'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['<img src="//evil.example/x.png">', ''],
    ['<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">', ''],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<style>body{display:none}</style><p style="color:red">x</p>', '<p>x</p>'],
    ['<form action="/x"><input name="a"><button>Go</button></form>', ''],
    ['<div class="fixed inset-0 z-50">overlay</div>', '<div>overlay</div>'],
    ['<a href="https://e.example" target="_blank">x</a>', '<a href="https://e.example" target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="https://e.example" target="_top" rel="opener">x</a>', '<a href="https://e.example">x</a>'],
    ['<a href="https://e.example" rel="nofollow">x</a>', '<a href="https://e.example" rel="nofollow">x</a>'],
  ])('cleans %s', (dirty, clean) => {
    expect(sanitizePostHtml(dirty)).toBe(clean);
  });
});

describe('sanitizePostHtmlWithReport', () => {
  it('says what it removed, each once with a count, and nothing for clean HTML', () => {
    const r = sanitizePostHtmlWithReport(
      '<p onclick="a()" style="x">t</p><script>1</script><script>2</script><svg><g><script>3</script></g></svg>' +
        '<a href="javascript:x()">kept text</a><img src="data:image/png;base64,AA" alt="x"><pre class="language-ts big">c</pre>',
    );
    expect(r.html).toBe('<p>t</p>kept text<pre class="language-ts">c</pre>');
    expect(r.removed).toEqual([
      'removed onclick from <p>',
      'removed style from <p>',
      'removed <script> (×2)',
      'removed <svg>',
      'unwrapped a link whose href was removed (text kept)',
      'removed <img> with an unsafe or missing src',
      'removed class from <pre>',
    ]);
    expect(sanitizePostHtmlWithReport('<p><a href="https://e.example">ok</a> <img src="/a.png" alt="A"></p>').removed).toEqual([]);
  });

  it('unwraps a link that never had an address, keeping what is inside it', () => {
    expect(sanitizePostHtmlWithReport('<p><a name="top"><strong>Top</strong></a> then <a href="/x">x</a></p>').html).toBe(
      '<p><strong>Top</strong> then <a href="/x">x</a></p>',
    );
  });
});
