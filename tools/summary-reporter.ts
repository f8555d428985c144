import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with a plain 'N passed, N failed, N skipped' line that any CI can read, and where
 * the time went: each project's summed file time and the slowest files (issue 31 §5 — CI must
 * stay under 15 minutes, and a CI log is the one place a clean machine's figures appear).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const byProject = new Map<string, { files: number; ms: number }>();
    const files: { name: string; ms: number }[] = [];
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (m.state() === 'failed' && m.children.size === 0) failed++;
      const d = m.diagnostic();
      const ms = d.duration + d.setupDuration + d.collectDuration + d.prepareDuration + d.environmentSetupDuration;
      const project = m.project.name || 'default';
      const p = byProject.get(project) ?? { files: 0, ms: 0 };
      byProject.set(project, { files: p.files + 1, ms: p.ms + ms });
      files.push({ name: `${project} ${path.relative(process.cwd(), m.moduleId)}`, ms });
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = ['', 'time per project (files run side by side overlap, so these add up to more than the wall time):'];
    for (const [name, p] of [...byProject].sort((a, b) => b[1].ms - a[1].ms)) lines.push(`  ${name}: ${p.files} files, ${s(p.ms)}`);
    lines.push('slowest files:');
    for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 15)) lines.push(`  ${s(f.ms)}  ${f.name}`);
    lines.push(`vitest: ${passed} passed, ${failed} failed, ${skipped} skipped`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
