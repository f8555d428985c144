/**
 * The offline analyst: the embedded default writer (no model, no network, deterministic). It
 * writes every section from the report's plan — the confirmed invention record, the field's
 * guidance and the one money model — and says what it does not know instead of filling it in.
 */
import { ReportOutlineSchema, ZERO_USAGE } from '../../content/report-content.ts';
import { sectionSchemaWithEvidence } from '../../evidence/citations.ts';
import type { EvidenceItem } from '../../evidence/evidence.ts';
import { documentLabel, featureChart, type FeatureChart } from '../../evidence/feature-chart.ts';
import { listing, clip } from '../../text/normalise.ts';
import type {
  GenerateOutlineInput,
  GenerateOutlineResult,
  GenerateSectionInput,
  GenerateSectionResult,
  ReportWriter,
} from '../report-writer.ts';
import { OFFLINE_ANALYST_VERSION } from './version.ts';
import { factsOf } from './facts.ts';
import { priorArtRows } from './prior-art.ts';
import { SECTIONS } from './sections/index.ts';

const MODEL = `offline-analyst@${OFFLINE_ANALYST_VERSION}`;

function citeLabel(e: EvidenceItem): string {
  return `${e.identifier}${e.holders[0] ? `, ${e.holders[0]}` : ''}${e.year ? `, ${e.year}` : ''} [${e.id}]`;
}

/**
 * The closest prior art, cited, with how much of the record each discloses (from the feature
 * chart); null when the search found none.
 */
function closestLine(evidence: readonly EvidenceItem[], chart: FeatureChart | null): string | null {
  if (chart) {
    const n = chart.targets.length;
    const docs = chart.documents
      .slice(0, 3)
      .map(
        (d) =>
          `${documentLabel(d.item)}, disclosing ${d.yes} of ${n} features${d.partly ? ` and touching ${d.partly}` : ''}${d.mechanism ? ', the mechanism among them' : ''}`,
      );
    return `Closest prior art: ${listing(docs)}.`;
  }
  const patents = evidence.filter((e) => e.kind === 'patent').slice(0, 3);
  const works = evidence.filter((e) => e.kind === 'work').slice(0, 2);
  if (patents.length + works.length === 0) return null;
  const parts = [
    patents.length ? `patents ${listing(patents.map(citeLabel))}` : '',
    works.length ? `papers ${listing(works.map(citeLabel))}` : '',
  ].filter(Boolean);
  return `Closest documents found: ${listing(parts)}.`;
}

export function createAnalystWriter(): ReportWriter {
  return {
    provider: 'offline',
    model: MODEL,
    offline: true,
    async generateOutline(input: GenerateOutlineInput): Promise<GenerateOutlineResult> {
      const plan = input.plan;
      const r = plan.record;
      const facts = factsOf(plan);
      const outline = ReportOutlineSchema.parse({
        title: clip(r.name, 160),
        one_liner: clip(r.summary || r.name, 400),
        domain: facts.fieldName,
        key_terms: (r.features.length ? r.features : [r.name]).map((f) => clip(f, 80)).slice(0, 12),
        trl_estimate: {
          level: plan.trl.level,
          evidence: clip(plan.trl.source === 'stated' ? `Stated: ${plan.trl.quote}` : plan.trl.reason, 400),
        },
        applications: (r.applications.length ? r.applications : ['To be named by the inventor']).map((a) => clip(a, 200)).slice(0, 8),
        claims_to_verify: r.advantages.map((a) => clip(a, 300)).slice(0, 8),
        open_questions: facts.unknowns.map((u) => clip(u, 300)).slice(0, 8),
      });
      return { title: outline.title, outline, usage: ZERO_USAGE, promptVersion: MODEL };
    },
    async generateSection(input: GenerateSectionInput): Promise<GenerateSectionResult> {
      const evidence = input.evidence ?? [];
      const compose = SECTIONS[input.section.key];
      const chart = featureChart(input.plan.record, evidence);
      const bodyContent = compose({
        key: input.section.key,
        tier: input.complexity,
        facts: factsOf(input.plan),
        evidence,
        closest: closestLine(evidence, chart),
        chart,
      });
      const rows = priorArtRows(input.section.key, evidence, input.plan);
      // The offline analyst cannot read a note: it writes the section again from the plan (which
      // carries any figure the note stated) and puts the member's note at its head, as theirs.
      const blocks = input.memberNote
        ? [
            { type: 'callout' as const, kind: 'verify' as const, title: 'Your correction', items: [input.memberNote.slice(0, 600)] },
            ...bodyContent.blocks,
          ].slice(0, 16)
        : bodyContent.blocks;
      const content = {
        ...bodyContent,
        blocks,
        key: input.section.key,
        title: input.section.title,
        ...(rows.length ? { prior_art: rows } : {}),
      };
      // Held to the schema a model is held to (citations only to this section's evidence).
      sectionSchemaWithEvidence(input.section.key, evidence).parse(content);
      return { content, usage: ZERO_USAGE, attempts: 1, promptVersion: MODEL };
    },
  };
}
