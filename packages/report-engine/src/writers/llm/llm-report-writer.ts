/**
 * A ReportWriter over a model provider: composes each section's prompt, asks for an object that
 * satisfies that section's schema, and stamps the catalogue key and title on the result.
 * Transport concerns (timeouts, retries, re-asks) are the provider's (ai-sdk-llm.ts).
 */
import type { StructuredLlm } from '../../llm/structured-llm.ts';
import { composeOutlinePrompt, composeSectionPrompt } from './prompts/compose.ts';
import { ReportOutlineSchema, type ReportOutline } from '../../content/report-content.ts';
import type { ReportPlan } from '../../plan/build-plan.ts';
import { sectionSchemaWithEvidence } from '../../evidence/citations.ts';
import type {
  GenerateOutlineInput,
  GenerateOutlineResult,
  GenerateSectionInput,
  GenerateSectionResult,
  ReportWriter,
} from '../report-writer.ts';

/**
 * The model's outline may not contradict the record: the title is the confirmed name, the TRL is
 * the plan's (the stated one when stated), the domain the confirmed field.
 */
export function bindOutline(outline: ReportOutline, plan: ReportPlan): ReportOutline {
  return {
    ...outline,
    title: plan.name.slice(0, 160),
    domain: plan.field.neutral ? outline.domain : plan.field.label,
    trl_estimate:
      outline.trl_estimate.level === plan.trl.level
        ? outline.trl_estimate
        : { level: plan.trl.level, evidence: (plan.trl.source === 'stated' ? `Stated: ${plan.trl.quote}` : plan.trl.reason).slice(0, 400) },
  };
}

export function createLlmReportWriter(llm: StructuredLlm): ReportWriter {
  return {
    provider: llm.provider,
    model: llm.model,
    offline: false,
    async generateOutline(input: GenerateOutlineInput): Promise<GenerateOutlineResult> {
      const p = composeOutlinePrompt(input);
      const r = await llm.generateObject({
        schema: ReportOutlineSchema,
        schemaName: 'report_outline',
        system: p.system,
        prompt: p.prompt,
        signal: input.signal,
        label: 'outline',
      });
      const outline = bindOutline(r.value, input.plan);
      return { title: outline.title, outline, usage: r.usage, promptVersion: p.version };
    },
    async generateSection(input: GenerateSectionInput): Promise<GenerateSectionResult> {
      const p = composeSectionPrompt(input);
      const r = await llm.generateObject({
        // Citing an id this section was not given fails validation: the model is asked again.
        schema: sectionSchemaWithEvidence(input.section.key, input.evidence ?? []),
        schemaName: 'report_section',
        system: p.system,
        prompt: p.prompt,
        signal: input.signal,
        label: `section ${input.section.key}`,
      });
      return {
        content: { ...r.value, key: input.section.key, title: input.section.title },
        usage: r.usage,
        attempts: r.attempts,
        promptVersion: p.version,
      };
    },
  };
}
