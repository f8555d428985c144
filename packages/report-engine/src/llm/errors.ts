import type { TokenUsage } from './structured-llm.ts';

export type LlmErrorCode =
  /** The model kept answering with output that does not validate against the schema. */
  | 'invalid_output'
  /** Every attempt timed out. */
  | 'timeout'
  /** 429 after all retries, or a Retry-After longer than we are willing to wait. */
  | 'rate_limited'
  /** 5xx or network failures after all retries. */
  | 'provider_unavailable'
  /** 4xx other than 429 (bad key, unknown model, bad request): retrying will not help. */
  | 'provider_rejected'
  /** The caller's AbortSignal fired. */
  | 'aborted'
  /** The configuration is incomplete or wrong. */
  | 'config';

/**
 * A failed model call. `retryable` tells the job queue whether trying the job again later can
 * succeed; `details.retryAfterMs` is the provider's own hint when it gave one.
 */
export class LlmError extends Error {
  override readonly name = 'LlmError';
  constructor(
    readonly code: LlmErrorCode,
    message: string,
    readonly details: {
      attempts?: number;
      usage?: TokenUsage;
      retryAfterMs?: number;
      status?: number;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }

  get retryable(): boolean {
    return this.code === 'timeout' || this.code === 'rate_limited' || this.code === 'provider_unavailable';
  }
}
