import { expect } from 'vitest';
import { z } from 'zod';
import { LlmError } from '../src/llm/errors.ts';

/** The structured answer the provider tests ask for: nested, bounded and nullable, as the engine's sections are. */
export const Verdict = z.object({
  answer: z.string().min(1),
  level: z.enum(['high', 'medium', 'low']),
  score: z.number().int().min(1).max(5),
  reasons: z
    .array(z.object({ text: z.string().min(1), weight: z.number().min(0) }))
    .min(1)
    .max(4),
  note: z.string().nullable(),
});

export const VERDICT_REQUEST = {
  schema: Verdict,
  schemaName: 'verdict',
  system: 'You are a careful analyst.',
  prompt: 'Judge this idea.\n<idea>\nA ceramic arsenic filter\n</idea>',
  label: 'verdict',
};

/** The LlmError a call rejects with (the test fails if it resolves or rejects with anything else). */
export async function llmFailure(p: Promise<unknown>): Promise<LlmError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(LlmError);
  return e as LlmError;
}
