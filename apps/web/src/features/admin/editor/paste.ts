import type { Editor } from '@tiptap/core';

/**
 * Word and Google Docs put their own markup on the clipboard: conditional comments, <o:p>,
 * <style> blocks, mso- styles, class names, Docs' `<b style="font-weight:normal" id="docs-internal-guid-…">`
 * wrapper. The editor's schema already keeps only what it knows (styles and classes never become
 * content); this removes what would otherwise turn into stray text or empty paragraphs.
 */
export function cleanPastedHtml(html: string): string {
  return html
    .replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<\/?o:p[^>]*>/gi, '')
    .replace(/<\/?(?:w|m|v):[^>]*>/gi, '')
    .replace(/<b\b[^>]*id="docs-internal-guid[^"]*"[^>]*>([\s\S]*)<\/b>/i, '$1')
    .replace(/<p[^>]*>(?:\s|&nbsp;)*<\/p>/gi, '');
}

/** The editor's HTML as stored: without the empty paragraph the editor keeps at the end for typing. */
export function editorHtml(editor: Editor): string {
  if (editor.isEmpty) return '';
  return editor.getHTML().replace(/(?:<p><\/p>)+$/, '');
}
