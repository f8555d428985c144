/**
 * The SPA's index.html with a page's own head: the default <title>, description, canonical,
 * Open Graph and Twitter tags are taken out of <head> and the page's tags go in at the
 * `<!--app-head-->` marker (or at the end of <head> when the marker is missing).
 * Crawlers that do not run JavaScript see the page's title and description, and `bodyHtml`
 * (trusted markup) inside the app's root element, which the app replaces when it starts (a page
 * the server rendered goes in with `withRenderedRoot` instead).
 */
export function renderSpaPage(indexHtml: string, headTags: string, bodyHtml = ''): string {
  const headEnd = indexHtml.search(/<\/head>/i);
  if (headEnd < 0) return indexHtml;
  let head = indexHtml.slice(0, headEnd);
  const rest = bodyHtml
    ? indexHtml.slice(headEnd).replace(/<div id="root"><\/div>/, () => `<div id="root">${bodyHtml}</div>`)
    : indexHtml.slice(headEnd);
  head = head
    .replace(/[ \t]*<title\b[^>]*>[\s\S]*?<\/title>[ \t]*\r?\n?/gi, '')
    .replace(/[ \t]*<meta\s[^>]*\bname\s*=\s*["']?(?:description|twitter:[\w:-]+)["']?[^>]*>[ \t]*\r?\n?/gi, '')
    .replace(/[ \t]*<meta\s[^>]*\bproperty\s*=\s*["']?(?:og|article):[\w:-]+["']?[^>]*>[ \t]*\r?\n?/gi, '')
    .replace(/[ \t]*<link\s[^>]*\brel\s*=\s*["']?canonical["']?[^>]*>[ \t]*\r?\n?/gi, '');
  // A function replacement: '$' in a title must stay a '$'.
  if (head.includes('<!--app-head-->')) return head.replace('<!--app-head-->', () => headTags) + rest;
  return `${head}${headTags}\n${rest}`;
}

/** Adds tags to the page's <head> and keeps the rest (the default title and description) as it is. */
export function addHeadTags(indexHtml: string, tags: string): string {
  if (indexHtml.includes('<!--app-head-->')) return indexHtml.replace('<!--app-head-->', () => tags);
  return indexHtml.replace(/<\/head>/i, (end) => `${tags}\n${end}`);
}

/** When the web app is not built (API-only deployments), crawlers still get a valid page. */
export const FALLBACK_INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="UTF-8" />\n<meta name="viewport" content="width=device-width, initial-scale=1.0" />\n<!--app-head-->\n</head>\n<body><div id="root"></div></body>\n</html>\n';

/**
 * The page with the server's render of the app inside its root element and the render's data
 * after it (decision 128): the app hydrates that markup instead of drawing the page again.
 */
export function withRenderedRoot(indexHtml: string, page: { html: string; stateHtml: string }): string {
  return indexHtml.replace(/<div id="root"><\/div>/, () => `<div id="root">${page.html}</div>${page.stateHtml}`);
}
