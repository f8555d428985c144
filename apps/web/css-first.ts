import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\r?\n?/g;

/**
 * Puts the built stylesheet ahead of the scripts in index.html. A server-rendered page
 * (decision 128) is drawn as soon as its HTML and CSS are in; Vite writes the stylesheet after
 * the entry script and its module preloads, so on a connection limited to six requests per host
 * the CSS waited behind scripts that the first paint does not need.
 */
export function cssFirst(): Plugin {
  return {
    name: 'assay-css-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = (html.match(STYLESHEET) ?? []).map((l) => l.trim());
        if (!links.length) return html;
        const rest = html.replace(STYLESHEET, '');
        const firstScript = rest.search(/[ \t]*<script type="module"/);
        if (firstScript < 0) return html;
        return `${rest.slice(0, firstScript)}    ${links.join('\n    ')}\n${rest.slice(firstScript)}`;
      },
    },
  };
}
