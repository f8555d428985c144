import { EDITOR_BLOCKS } from '@assay/shared';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { editorExtensions } from './extensions.ts';
import { cleanPastedHtml, editorHtml } from './paste.ts';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());
const load = (html: string) => {
  editor = new Editor({ extensions: editorExtensions(), content: html });
  return editorHtml(editor);
};

describe('the post editor writes exactly the shared block samples (decision 200)', () => {
  it.each(Object.entries(EDITOR_BLOCKS))('%s', (_name, html) => {
    expect(load(html)).toBe(html);
  });

  it('all blocks in one document', () => {
    const html = Object.values(EDITOR_BLOCKS).join('');
    expect(load(html)).toBe(html);
  });

  it('reads what the sanitiser stores (self-closed void elements, loading first)', () => {
    expect(load('<figure><img loading="lazy" src="/media/a.webp" alt="x" /><figcaption>c</figcaption></figure><p>a<br />b</p><hr />')).toBe(
      '<figure><img loading="lazy" src="/media/a.webp" alt="x"><figcaption>c</figcaption></figure><p>a<br>b</p><hr>',
    );
  });

  it('an empty document is empty, not an empty paragraph', () => {
    expect(load('')).toBe('');
  });
});

describe('what the editor will not write', () => {
  it.each([
    ['<p onclick="x()" style="color:red" class="btn">hi</p>', '<p>hi</p>'],
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<p><a href="javascript:alert(1)">x</a></p>', '<p>x</p>'],
    ['<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><p>x</p>', '<p>x</p>'],
    ['<figure><a href="https://evil.example/v" data-embed="youtube">v</a></figure>', '<p><a href="https://evil.example/v">v</a></p>'],
    [
      '<table style="width:10px"><colgroup><col style="width:5px"></colgroup><tr><td style="text-align:left">a</td></tr></table>',
      '<table><tbody><tr><td><p>a</p></td></tr></tbody></table>',
    ],
    ['<h1>Title</h1><h6>Small</h6>', '<h2>Title</h2><h4>Small</h4>'],
  ])('%s', (input, expected) => {
    expect(load(input)).toBe(expected);
  });
});

describe('pasting from Word and Google Docs', () => {
  it('Word: conditional comments, o:p, mso classes and styles go; text, bold and lists stay', () => {
    const word = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head><body>
<!--[if gte mso 9]><xml><o:OfficeDocumentSettings></o:OfficeDocumentSettings></xml><![endif]-->
<p class=MsoNormal style='margin-bottom:0cm;mso-line-height-rule:exactly'><b><span style='font-family:Calibri'>Launch</span></b><span> day<o:p></o:p></span></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<ul><li class=MsoListParagraph style='mso-list:l0 level1 lfo1'>First point<o:p></o:p></li></ul>
</body></html>`;
    expect(load(cleanPastedHtml(word))).toBe('<p><strong>Launch</strong> day</p><ul><li><p>First point</p></li></ul>');
  });

  it('Google Docs: the document-wide non-bold <b> wrapper is not bold; bold spans and links stay', () => {
    const docs =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1234"><p dir="ltr" style="line-height:1.38"><span style="font-weight:700">Bold</span><span style="font-weight:400"> and </span><a href="https://example.com/" style="text-decoration:none"><span style="color:#1155cc">link</span></a></p><h2 dir="ltr"><span>Section</span></h2></b>';
    expect(load(cleanPastedHtml(docs))).toBe('<p><strong>Bold</strong> and <a href="https://example.com/">link</a></p><h2>Section</h2>');
  });
});
