import { MSG } from '@assay/shared';

/**
 * The one error model: a status, a user-facing detail (docs/product.md §8) and a stable code.
 * The error handler turns it into `{ detail }`; anything else becomes a 500 with no internals.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly code: string = 'error',
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, code = 'bad_request') => new AppError(400, detail, code);
export const unauthorized = (detail: string = MSG.notAuthenticated, code = 'unauthorized') => new AppError(401, detail, code);
export const forbidden = (detail: string, code = 'forbidden') => new AppError(403, detail, code);
export const notFound = (detail: string = MSG.notFound, code = 'not_found') => new AppError(404, detail, code);
export const conflict = (detail: string, code = 'conflict') => new AppError(409, detail, code);
export const tooManyRequests = (retryAfterSeconds: number, detail: string = MSG.tooManyRequests) =>
  new AppError(429, detail, 'rate_limited', { 'retry-after': String(retryAfterSeconds) });
export const serviceUnavailable = (detail: string, code = 'unavailable') => new AppError(503, detail, code);
