/**
 * One sample of every block and mark the post editor writes, exactly as it writes them
 * (apps/web/src/features/admin/editor/extensions.ts). The contract between the editor and the
 * server's sanitiser (decision 200): the web test checks the editor writes each sample back
 * unchanged, the server test checks the sanitiser keeps each sample unchanged and reports nothing.
 */
export const EDITOR_BLOCKS: Readonly<Record<string, string>> = {
  headings: '<h2>Heading</h2><h3>Sub-heading</h3><h4>Small heading</h4>',
  marks:
    '<p>Text with <strong>bold</strong>, <em>italic</em>, <u>underline</u>, <s>strike</s>, <code>code</code>, a <a href="https://example.com/x?a=1&amp;b=2">link</a>, a <a href="/pricing">site link</a> and <a href="mailto:press@example.com">mail</a>.</p>',
  hardBreak: '<p>One line<br>and the next</p>',
  bulletList: '<ul><li><p>One</p></li><li><p>Two</p><ul><li><p>Nested</p></li></ul></li></ul>',
  orderedList: '<ol><li><p>First</p></li><li><p>Second</p></li></ol>',
  orderedListStart: '<ol start="3"><li><p>Third</p></li></ol>',
  quote: '<blockquote><p>A quotation.</p></blockquote>',
  image:
    '<figure><img loading="lazy" src="/media/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.webp" alt="A bar chart"></figure>',
  imageWithCaption:
    '<figure><img loading="lazy" src="https://example.com/a.png" alt="Our team"><figcaption>The team in 2026 &amp; friends</figcaption></figure>',
  youtube:
    '<figure><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" data-embed="youtube">Play the video on YouTube</a><figcaption>The launch talk</figcaption></figure>',
  vimeo: '<figure><a href="https://vimeo.com/76979871" data-embed="vimeo">Play the video on Vimeo</a></figure>',
  callout: '<aside><p>Good to know: this is a callout.</p><p>It may hold several paragraphs.</p></aside>',
  divider: '<p>Above</p><hr><p>Below</p>',
  codeBlock: '<pre><code class="language-ts">const a = 1 &lt; 2 &amp;&amp; "x";</code></pre>',
  codeBlockPlain: '<pre><code>plain &lt;b&gt;code&lt;/b&gt;</code></pre>',
  table:
    '<table><tbody><tr><th><p>Plan</p></th><th><p>Price</p></th></tr><tr><td><p>Basic</p></td><td><p>$10</p></td></tr><tr><td colspan="2"><p>Spanning</p></td></tr></tbody></table>',
};
