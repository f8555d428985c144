import { MSG, type ApiErrorBody } from '@assay/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

/**
 * The one place errors become responses: `{ detail }` with the product's texts (docs/product.md §8).
 * Validation failures name every bad field; 5xx never reveal internals.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    reply.headers(error.headers);
    return reply.code(error.status).send({ detail: error.detail, code: error.code } satisfies ApiErrorBody);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string> = {};
    for (const v of error.validation) {
      const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
      errors[field] ??= v.message ?? MSG.validationFailed;
    }
    const detail = Object.values(errors)[0] ?? MSG.validationFailed;
    return reply.code(422).send({ detail, code: 'validation_error', errors } satisfies ApiErrorBody);
  }
  // PostgreSQL gave up one of two transactions that waited on each other (a member deleting her
  // account while a retry starts) or could not serialise it: it was rolled back whole, so nothing
  // changed and trying again is safe. A conflict of timing, not a fault of ours to hide in a 500.
  const pgCode = (error as { code?: unknown }).code;
  if (pgCode === '40P01' || pgCode === '40001') {
    request.log.warn({ err: error }, 'transaction rolled back by the database; the caller may retry');
    return reply
      .code(409)
      .header('retry-after', '1')
      .send({ detail: MSG.concurrentChange, code: 'concurrent_change' } satisfies ApiErrorBody);
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type…).
    const detail =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'The request body is not valid JSON' : error.message;
    return reply.code(status).send({ detail, code: error.code ?? 'bad_request' } satisfies ApiErrorBody);
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ detail: MSG.serverError, code: 'internal' } satisfies ApiErrorBody);
}
