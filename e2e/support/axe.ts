import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's own build, injected into each page as a script (open the page with `bypassCSP: true`). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe (WCAG 2.1 A/AA and best practices) on the page as it is now; returns the violations in short. */
export async function axeViolations(page: Page): Promise<string[]> {
  await settle(page);
  await page.addScriptTag({ content: AXE_SOURCE });
  let violations = await scan(page);
  // A toast that starts leaving while axe runs (its 4 s ran out mid-scan) is read as its fading
  // blend, a contrast failure no reader sees. A real contrast failure is still there once the
  // transition has ended; a blend is not: contrast findings are read a second time.
  if (violations.some((v) => v.id === 'color-contrast')) {
    await settle(page);
    violations = await scan(page);
  }
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id}: ${v.help} at ${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`,
    ),
  );
}

/** Finite animations and transitions end first: a toast fading in blends its colours with the page. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => undefined)))`);
}

// A string runs in the page (this project's types have no DOM).
const scan = (page: Page) =>
  page.evaluate<Violation[]>(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} } }).then((r) => r.violations)`,
  );
