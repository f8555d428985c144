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
  // A toast still fading in or out blends its colours with the page, and axe reads the blend as a
  // contrast failure that no reader sees: finite animations and transitions end first.
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => undefined)))`);
  await page.addScriptTag({ content: AXE_SOURCE });
  // A string runs in the page (this project's types have no DOM).
  const violations = await page.evaluate<Violation[]>(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} } }).then((r) => r.violations)`,
  );
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${v.help} at ${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`));
}
