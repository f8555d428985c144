/**
 * Writes the three public sample reports (Basic, Advanced, Comprehensive) with the offline
 * analyst, one sample idea each, from three different fields (SAMPLE_IDEAS).
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

/**
 * One sample idea per tier, each from a different field, so the home page shows how the report
 * follows the idea (field, standards, buyers) rather than one subject three times. The ideas are
 * invented for the samples: realistic, but no one's real invention.
 */
export const SAMPLE_IDEAS = {
  // Test and measurement.
  basic:
    'CellSight is a handheld instrument that measures the internal impedance and state of health of lithium-ion cells in under ten seconds, using electrochemical impedance spectroscopy at five frequencies. ' +
    'Today cells are graded by full charge-discharge cycling, which takes hours per cell and ties up expensive cyclers. ' +
    'We built a working prototype and validated it against a laboratory potentiostat on 200 cells, with readings within 3 % of the reference; the technology is at TRL 5. ' +
    'Applications include battery manufacturing end-of-line testing, second-life battery grading and electric-vehicle service workshops. No patent application has been filed yet.',
  // Medical devices.
  advanced:
    'PulseGuard is a soft adhesive chest patch that records a single-lead ECG for 14 days and flags atrial fibrillation episodes to the clinic through a smartphone app. ' +
    'Patients after cardiac surgery are often discharged without monitoring, and intermittent atrial fibrillation is missed by short in-clinic recordings. ' +
    'The patch combines a flexible printed electrode, a low-power analogue front end and an on-device detection algorithm. ' +
    'A prototype was tested on 20 volunteers in our university hospital laboratory. Customers include cardiology departments and remote-monitoring services. A provisional patent application has been filed.',
  // Software and AI.
  comprehensive:
    'LedgerLens is a software platform that reads supplier invoices and purchase orders, matches them line by line and flags likely duplicate or fraudulent payments before they are released, using a machine learning model trained on payment histories. ' +
    'Accounts-payable teams check invoices by hand or with rule-based tools that miss near-duplicates and produce many false alarms. ' +
    'A beta version runs with three mid-sized manufacturers, where it found duplicate payments that their existing controls had missed. ' +
    'Customers include accounts-payable departments of mid-sized companies and outsourced finance service providers; licensees could include ERP vendors.',
} as const;

/** Fixed so the samples are reproducible byte-for-byte apart from the PDF's own ID. */
const SAMPLE_DATE = new Date('2025-11-01T09:00:00Z');

async function main(): Promise<void> {
  const here = dirname(fileURLToPath(import.meta.url));
  const outDir = resolve(process.argv[2] ?? join(here, '../../web/public/samples'));
  mkdirSync(outDir, { recursive: true });
  for (const complexity of COMPLEXITIES) {
    const t0 = performance.now();
    // The offline analyst, and no search: the public samples send nothing anywhere (their method page says so).
    const { sections, pdf, plan, review } = await generateReport({
      reportId: `SAMPLE-${complexity.toUpperCase()}`,
      idea: SAMPLE_IDEAS[complexity],
      tier: complexity,
      ports: { llm: null, evidence: [], clock: { now: () => SAMPLE_DATE } },
    });
    const file = join(outDir, `sample-${complexity}.pdf`);
    writeFileSync(file, pdf);
    console.log(
      `${file}: ${plan.field.label}, ${sections.length} sections, ${review.length} review findings, ${(pdf.length / 1024).toFixed(0)} KiB, ${(performance.now() - t0).toFixed(0)} ms`,
    );
  }
}

// Run only when executed, not when imported (e.g. for SAMPLE_IDEAS).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
