/**
 * Writes the three public sample reports (Basic, Advanced, Comprehensive) with the offline
 * analyst, for one fixed, realistic sample idea.
 *
 *   npx tsx apps/server/scripts/generate-samples.ts [output-dir]
 *
 * Default output: apps/web/public/samples/ (sample-basic.pdf, sample-advanced.pdf,
 * sample-comprehensive.pdf). The output is generated, not committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COMPLEXITIES } from '@assay/shared';
import { generateReport } from '@assay/report-engine';

export const SAMPLE_IDEA =
  'A low-cost ceramic membrane filter coated with iron-oxide nanoparticles that removes arsenic and fluoride from groundwater for rural households in India. ' +
  'Many villages rely on hand pumps whose water exceeds the WHO arsenic guideline value, and existing reverse-osmosis units are expensive, waste a large share of the water and need electricity. ' +
  'Our filter works by gravity: water passes through a clay-based ceramic candle whose pores are lined with a nanostructured iron-oxide coating that adsorbs arsenic and fluoride ions. ' +
  'We have built a lab prototype at our university and tested it with spiked water samples, reaching below 10 µg/L arsenic for the first 500 litres. ' +
  'A provisional patent application has been filed. We plan to run a field pilot with 50 households next year and are looking for a manufacturing partner.';

/** Fixed so the samples are reproducible byte-for-byte apart from the PDF's own ID. */
const SAMPLE_DATE = new Date('2025-11-01T09:00:00Z');

async function main(): Promise<void> {
  const here = dirname(fileURLToPath(import.meta.url));
  const outDir = resolve(process.argv[2] ?? join(here, '../../web/public/samples'));
  mkdirSync(outDir, { recursive: true });
  for (const complexity of COMPLEXITIES) {
    const t0 = performance.now();
    // The offline analyst, and no search: the public samples send nothing anywhere (their method page says so).
    const { sections, pdf } = await generateReport({
      reportId: `SAMPLE-${complexity.toUpperCase()}`,
      idea: SAMPLE_IDEA,
      tier: complexity,
      ports: { llm: null, evidence: [], clock: { now: () => SAMPLE_DATE } },
    });
    const file = join(outDir, `sample-${complexity}.pdf`);
    writeFileSync(file, pdf);
    console.log(`${file}: ${sections.length} sections, ${(pdf.length / 1024).toFixed(0)} KiB, ${(performance.now() - t0).toFixed(0)} ms`);
  }
}

// Run only when executed, not when imported (e.g. for SAMPLE_IDEA).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
