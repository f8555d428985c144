import type { Plugin } from 'vite';
import { FIRST_PAINT_SCRIPT } from '../../packages/shared/src/first-paint.ts';

/**
 * Writes the page's one inline script (packages/shared/src/first-paint.ts, decision 171) into
 * index.html's <head>, byte for byte: the server's Content-Security-Policy allows it by its hash.
 * It must run before anything is drawn, so it cannot wait for a file to be fetched.
 */
export function firstPaint(): Plugin {
  return {
    name: 'assay-first-paint',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes('<title>')) throw new Error('index.html has no <title> to put the first-paint script before');
        return html.replace('<title>', () => `<script>${FIRST_PAINT_SCRIPT}</script>\n    <title>`);
      },
    },
  };
}
