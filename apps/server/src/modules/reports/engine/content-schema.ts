/**
 * The section content model, as the engine sees it. Defined in adapters/llm/report-content.ts,
 * beside the ReportWriter interface that produces it (adapters sit below modules).
 */
export * from '../../../adapters/llm/report-content.ts';
