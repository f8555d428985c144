import { LlmError, understandIdea, type TokenUsage } from '@assay/report-engine';
import { MSG, type UnderstandIdeaResponse } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { AppError, serviceUnavailable } from '../../lib/errors.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';

/**
 * Ideas one member may have read per window. Editing the record in the form costs nothing; this
 * bounds the model calls a member can cause without paying (about one every 30 s, sustained),
 * while leaving room to rephrase an idea a few times (docs/decisions/150-invention-record-api.md).
 */
export const UNDERSTAND_LIMIT = { hits: 20, windowSeconds: 600 } as const;

/**
 * "What we understood": the invention record of a member's idea, read by the writer in use (the
 * offline parser, or one structured model call), for the member to confirm before any token is
 * held. Nothing is stored with a report here; a model call is logged in llm_calls, successful or
 * not, since no report carries its cost.
 */
export async function understandMemberIdea(
  deps: Pick<Deps, 'db' | 'reportPorts' | 'log'>,
  userId: string,
  idea: string,
  signal?: AbortSignal,
): Promise<UnderstandIdeaResponse> {
  const { db, log } = deps;
  try {
    await hitRateLimit(db, `understand:${userId}`, UNDERSTAND_LIMIT.hits, UNDERSTAND_LIMIT.windowSeconds);
  } catch (err) {
    if (err instanceof AppError && err.status === 429) throw new AppError(429, MSG.tooManyUnderstandRequests, 'rate_limited', err.headers);
    throw err;
  }
  const llm = deps.reportPorts.llm;
  try {
    const { record, usage, writer } = await understandIdea({ idea, llm, ...(signal ? { signal } : {}) });
    if (llm) await logCall(deps, userId, llm, usage, 'ok');
    return { record, writer };
  } catch (err) {
    // Only a model call can fail here; the parser does not throw on any text.
    const failure = modelFailure(err);
    if (llm) await logCall(deps, userId, llm, failure.usage, failure.code);
    log.warn({ userId, provider: llm?.provider, code: failure.code, err: errorSummary(err) }, 'reading an idea failed');
    throw serviceUnavailable(MSG.understandFailed, 'understand_failed');
  }
}

async function logCall(
  deps: Pick<Deps, 'db'>,
  userId: string,
  llm: { provider: string; model: string },
  usage: TokenUsage,
  outcome: string,
) {
  await deps.db.query(
    `INSERT INTO llm_calls (purpose, user_id, provider, model, input_tokens, output_tokens, outcome)
     VALUES ('understand', $1, $2, $3, $4, $5, $6)`,
    [userId, llm.provider, llm.model, usage.inputTokens, usage.outputTokens, outcome.slice(0, 40)],
  );
}

/** The engine's model errors carry a code and the tokens already paid for. */
function modelFailure(err: unknown): { code: string; usage: TokenUsage } {
  if (err instanceof LlmError) return { code: err.code, usage: err.details.usage ?? { inputTokens: 0, outputTokens: 0 } };
  return { code: 'error', usage: { inputTokens: 0, outputTokens: 0 } };
}

/** Logs say what failed without dumping provider payloads or keys. */
function errorSummary(err: unknown) {
  return err instanceof Error ? { name: err.name, message: err.message.slice(0, 300) } : String(err).slice(0, 300);
}
