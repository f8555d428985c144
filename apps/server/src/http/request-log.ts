import type { FastifyBaseLogger } from 'fastify';
import type { AppInstance } from './types.ts';

/** Slower than this, a request is logged at warn whatever the level. */
const SLOW_MS = 1000;

/** Whether the level asks for a line for every request (LOG_LEVEL=debug or trace). */
export const logsEveryRequest = (log: FastifyBaseLogger) => ['debug', 'trace'].includes(log.level);

/** Capability links carry their secret in the query (`?key=`, `?token=`): logged without it. */
const SECRET_PARAMS = /([?&](?:key|token)=)[^&#]*/gi;
/** …or in the path: a shared report's viewer and its API (`/r/<token>`, `/api/share/<token>/…`). */
const SECRET_PATHS = /(\/(?:r|api\/share)\/)[^/?#]+/gi;

/** A request's address as it may be logged: no capability secret in it. */
export const redactUrl = (rawUrl: string) => rawUrl.replace(SECRET_PATHS, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');

/** A request's one line: at debug normally, at warn when it was slow. */
export function logRequest(log: FastifyBaseLogger, method: string | undefined, rawUrl: string, status: number, ms: number) {
  const url = redactUrl(rawUrl);
  if (ms >= SLOW_MS) log.warn({ method, url, status, ms: Math.round(ms) }, 'slow request');
  else log.debug({ method, url, status, ms: Math.round(ms * 10) / 10 }, 'request');
}

/**
 * One line per request, after it: at debug level normally (LOG_LEVEL=debug shows every
 * request), at warn when it was slow. Fastify's own two lines per request (at info) cost more
 * than a cached public read itself; server errors are logged by the error handler. Copies
 * answered before Fastify log their own line (public-cache.ts).
 */
export function requestLog(app: AppInstance) {
  const everyRequest = logsEveryRequest(app.log);
  app.addHook('onResponse', (req, reply, done) => {
    if (everyRequest || reply.elapsedTime >= SLOW_MS) logRequest(req.log, req.method, req.url, reply.statusCode, reply.elapsedTime);
    done();
  });
}
