/**
 * The offline analyst: a ReportWriter that needs no network and no model. It analyses the idea
 * text (terms, domain, maturity cues, IP cues, claims) and writes every section from that
 * analysis plus curated domain guidance. Deterministic for the same idea; every output is
 * validated against the same schema an LLM's output must satisfy.
 */
import { ReportOutlineSchema, ZERO_USAGE } from '../../content/report-content.ts';
import { sectionSchemaWithEvidence } from '../../evidence/citations.ts';
import type {
  GenerateOutlineInput,
  GenerateOutlineResult,
  GenerateSectionInput,
  GenerateSectionResult,
  ReportWriter,
} from '../report-writer.ts';
import { analyseIdea, type IdeaAnalysis } from './analyse-idea.ts';
import { buildReportPlan, type ReportPlan } from '../../plan/report-plan.ts';
import { clip } from './text-analysis.ts';
import { buildRiskRegister, type WriterContext } from './writers/context.ts';
import { SECTION_WRITERS } from './writers/index.ts';
import { ideaVocabulary, tightenSection } from './specific.ts';

/** Bump when the analyst's logic or wording changes (stored like a prompt version). */
export const OFFLINE_ANALYST_VERSION = '1.1.0';

const PROMPT_VERSION_LABEL = `offline-analyst@${OFFLINE_ANALYST_VERSION}`;

function outlineFrom(a: IdeaAnalysis) {
  return ReportOutlineSchema.parse({
    title: a.title,
    one_liner: clip(a.oneLiner, 400),
    domain: a.domain.label,
    key_terms: a.keyTerms.slice(0, 12).map((t) => clip(t, 80)),
    trl_estimate: { level: a.trl.level, evidence: clip(a.trl.evidence[0] ?? 'None stated', 400) },
    applications: a.applications.slice(0, 8).map((x) => clip(x.name, 200)),
    claims_to_verify: a.claims.slice(0, 8).map((c) => clip(c, 300)),
    open_questions: [
      'What independent evidence supports the stated performance?',
      'Who owns the invention, and has it been disclosed?',
      'What does the target user pay today for the current approach?',
    ],
  });
}

export function createOfflineWriter(): ReportWriter {
  // Analysis is pure and cheap, but 34 sections share it: memoise the last idea.
  let cached: { idea: string; reportPlan: ReportPlan; vocabulary: Set<string>; ctx: Omit<WriterContext, 'complexity' | 'priorSections' | 'evidence'> } | null = null;
  const contextFor = (idea: string, given?: ReportPlan) => {
    if (cached?.idea !== idea || (given && cached.reportPlan !== given)) {
      const reportPlan = given ?? buildReportPlan(idea, new Date());
      const a = analyseIdea(idea, reportPlan);
      const plan = reportPlan.assumptions.model;
      const vocabulary = ideaVocabulary([idea, reportPlan.subject, reportPlan.productName ?? '', ...reportPlan.named.map((n) => n.name)]);
      cached = { idea, reportPlan, vocabulary, ctx: { a, plan, reportPlan, risks: buildRiskRegister(a, plan) } };
    }
    return cached;
  };

  return {
    provider: 'offline',
    model: PROMPT_VERSION_LABEL,
    offline: true,
    async generateOutline(input: GenerateOutlineInput): Promise<GenerateOutlineResult> {
      input.signal?.throwIfAborted();
      const outline = outlineFrom(contextFor(input.idea, input.plan).ctx.a);
      return { title: outline.title, outline, usage: { ...ZERO_USAGE }, promptVersion: PROMPT_VERSION_LABEL };
    },
    async generateSection(input: GenerateSectionInput): Promise<GenerateSectionResult> {
      input.signal?.throwIfAborted();
      const write = SECTION_WRITERS[input.section.key];
      const evidence = input.evidence ?? [];
      const { ctx, vocabulary } = contextFor(input.idea, input.plan);
      // Filler that would read the same for any idea is dropped, not shipped (specific.ts), in every tier.
      const raw = write({ ...ctx, complexity: input.complexity, priorSections: input.priorSections ?? [], evidence });
      const draft = tightenSection(raw, vocabulary, ctx.a.subject, ctx.a.keyTerms, { keepLists: input.section.key === 'executive_summary' });
      // Same contract as an LLM: a writer bug surfaces here as a validation error, not in the PDF.
      const content = sectionSchemaWithEvidence(input.section.key, evidence).parse(draft);
      return {
        content: { ...content, key: input.section.key, title: input.section.title },
        usage: { ...ZERO_USAGE },
        attempts: 1,
        promptVersion: PROMPT_VERSION_LABEL,
      };
    },
  };
}
