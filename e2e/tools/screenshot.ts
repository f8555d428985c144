/**
 * Takes phone and desktop screenshots of the given paths of a running server, to look at.
 * Usage: npx tsx e2e/tools/screenshot.ts http://127.0.0.1:3100 /tmp/shots / /login /signup
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser.ts';

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir) throw new Error('usage: screenshot.ts BASE_URL OUT_DIR PATH…');
mkdirSync(outDir, { recursive: true });
const browser = await launchBrowser();
for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  const page = await browser.newPage({ viewport });
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const name = `${label}-${p.replace(/[^a-z0-9]+/gi, '_') || 'home'}.png`;
    await page.screenshot({ path: path.join(outDir, name), fullPage: true });
    console.log(path.join(outDir, name));
  }
  await page.close();
}
await browser.close();
