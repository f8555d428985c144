/**
 * The SPA's index.html with a page's own head: the default <title>, description, canonical,
 * Open Graph and Twitter tags are taken out of <head> and the page's tags go in at the
 * `<!--app-head-->` marker (or at the end of <head> when the marker is missing).
 * Crawlers that do not run JavaScript see the page's title and description.
 */
export function renderSpaPage(indexHtml: string, headTags: string): string {
  const headEnd = indexHtml.search(/<\/head>/i);
  if (headEnd < 0) return indexHtml;
  let head = indexHtml.slice(0, headEnd);
  const rest = indexHtml.slice(headEnd);
  head = head
    .replace(/[ \t]*<title\b[^>]*>[\s\S]*?<\/title>[ \t]*\r?\n?/gi, '')
    .replace(/[ \t]*<meta\s[^>]*\bname\s*=\s*["']?(?:description|twitter:[\w:-]+)["']?[^>]*>[ \t]*\r?\n?/gi, '')
    .replace(/[ \t]*<meta\s[^>]*\bproperty\s*=\s*["']?(?:og|article):[\w:-]+["']?[^>]*>[ \t]*\r?\n?/gi, '')
    .replace(/[ \t]*<link\s[^>]*\brel\s*=\s*["']?canonical["']?[^>]*>[ \t]*\r?\n?/gi, '');
  // A function replacement: '$' in a title must stay a '$'.
  if (head.includes('<!--app-head-->')) return head.replace('<!--app-head-->', () => headTags) + rest;
  return `${head}${headTags}\n${rest}`;
}

/** When the web app is not built (API-only deployments), crawlers still get a valid page. */
export const FALLBACK_INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="UTF-8" />\n<meta name="viewport" content="width=device-width, initial-scale=1.0" />\n<!--app-head-->\n</head>\n<body></body>\n</html>\n';
