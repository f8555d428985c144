/**
 * `npm run bench:initial-js` — the JavaScript each public page loads before it can render, as
 * sent: the scripts `index.html` loads (the app shell) plus the page's chunks from
 * `route-preloads.json` (which the server names as modulepreloads in that page's HTML). Each file
 * counts as its `.br` or `.gz` copy, or its plain bytes when the build wrote no smaller copy.
 * Measures the build in apps/web/dist (`npm run build` first).
 *
 *   npm run build && npm run bench:initial-js
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const TARGET_KB = 100;
/** The pages the server draws (decision 128), held to the target; then the sign-in forms, drawn by the app, for information. */
const PAGES: [name: string, route: string, held: boolean][] = [
  ['/', '/', true],
  ['/blog', '/blog', true],
  ['/pricing', '/pricing', true],
  ['a post', '/blog/:slug', true],
  ['/press-releases', '/press-releases', true],
  ['/about', '/about', true],
  ['/contact', '/contact', true],
  ['/rttp', '/rttp', true],
  ['/login (form, not held)', '/login', false],
  ['/signup (form, not held)', '/signup', false],
];

const kb = (bytes: number) => bytes / 1024;
const sent = (file: string, encoding: 'br' | 'gz') => {
  const copy = path.join(DIST, `${file}.${encoding}`);
  return statSync(existsSync(copy) ? copy : path.join(DIST, file)).size;
};

if (!existsSync(path.join(DIST, 'route-preloads.json'))) {
  console.error('No build in apps/web/dist: run `npm run build` first.');
  process.exit(1);
}
const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
const shell = [...html.matchAll(/<(?:script[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map((m) => m[1]!);
const preloads = JSON.parse(readFileSync(path.join(DIST, 'route-preloads.json'), 'utf8')) as Record<string, string[]>;
const total = (files: string[], encoding: 'br' | 'gz') => kb(files.reduce((sum, f) => sum + sent(f, encoding), 0));

const rows = [
  ['app shell', shell, false] as const,
  ...PAGES.map(([name, route, held]) => {
    const own = preloads[route];
    if (!own) throw new Error(`route-preloads.json has no ${route}`);
    return [name, [...shell, ...own.map((f) => f.slice(1))], held] as const;
  }),
];

console.log(`| page | brotli | gzip | largest of its own chunks (brotli) |`);
console.log(`|---|---|---|---|`);
let over = 0;
for (const [name, files, held] of rows) {
  const br = total(files, 'br');
  if (held && br > TARGET_KB) over++;
  const own = files
    .filter((f) => !shell.includes(f) || name === 'app shell')
    .sort((a, b) => sent(b, 'br') - sent(a, 'br'))
    .slice(0, 3);
  const largest = own.map((f) => `${path.basename(f).replace(/-[\w-]{8}\.js$/, '')} ${kb(sent(f, 'br')).toFixed(1)}`).join(', ');
  console.log(`| ${name} | ${br.toFixed(1)} KB | ${total(files, 'gz').toFixed(1)} KB | ${largest} |`);
}
console.log(
  `\n${over ? `${over} server-drawn page(s) over` : 'Every server-drawn page within'} the ${TARGET_KB} KB target (brotli, as Chrome receives it).`,
);
