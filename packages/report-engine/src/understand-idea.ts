/**
 * "What we understood": the invention record of an idea, read by the writer in use — one
 * structured model call, or the offline parser — before the member confirms it and before any
 * token is held. Nothing here is stored; the member's confirmed record is what reports are built on.
 */
import type { InventionRecord } from '@assay/shared';
import { ZERO_USAGE, type StructuredLlm, type TokenUsage } from './llm/structured-llm.ts';
import { modelRecord } from './record/model-record.ts';
import { readRecord } from './record/read-record.ts';
import { OFFLINE_ANALYST_VERSION } from './writers/analyst/version.ts';

export interface UnderstandIdeaInput {
  idea: string;
  /** The model that writes reports, or null for the offline analyst. */
  llm: StructuredLlm | null;
  signal?: AbortSignal;
}

export interface UnderstoodIdea {
  record: InventionRecord;
  usage: TokenUsage;
  writer: { provider: string; model: string; offline: boolean };
}

export async function understandIdea(input: UnderstandIdeaInput): Promise<UnderstoodIdea> {
  if (!input.llm) {
    return {
      record: readRecord(input.idea),
      usage: ZERO_USAGE,
      writer: { provider: 'offline', model: `offline-analyst@${OFFLINE_ANALYST_VERSION}`, offline: true },
    };
  }
  const { record, usage } = await modelRecord(input.llm, input.idea, input.signal);
  return { record, usage, writer: { provider: input.llm.provider, model: input.llm.model, offline: false } };
}
