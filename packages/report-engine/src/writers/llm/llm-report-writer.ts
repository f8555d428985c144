/**
 * A ReportWriter over a model provider: composes each section's prompt, asks for an object that
 * satisfies that section's schema, and stamps the catalogue key and title on the result.
 * Transport concerns (timeouts, retries, re-asks) are the provider's (ai-sdk-llm.ts).
 */
import type { StructuredLlm } from './structured-llm.ts';
import { composeOutlinePrompt, composeSectionPrompt } from './prompts/compose.ts';
import { ReportOutlineSchema } from '../../content/report-content.ts';
import { sectionSchemaWithEvidence } from '../../evidence/citations.ts';
import type {
  GenerateOutlineInput,
  GenerateOutlineResult,
  GenerateSectionInput,
  GenerateSectionResult,
  ReportWriter,
} from '../report-writer.ts';

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
      return { title: r.value.title, outline: r.value, usage: r.usage, promptVersion: p.version };
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
