import type { AppInstance } from './types.ts';

/** Slower than this, a request is logged at warn whatever the level. */
const SLOW_MS = 1000;

/**
 * One line per request, after it: at debug level normally (LOG_LEVEL=debug shows every
 * request), at warn when it was slow. Fastify's own two lines per request (at info) cost more
 * than a cached public read itself; server errors are logged by the error handler.
 */
export function requestLog(app: AppInstance) {
  const everyRequest = ['debug', 'trace'].includes(app.log.level);
  app.addHook('onResponse', (req, reply, done) => {
    const ms = reply.elapsedTime;
    if (ms >= SLOW_MS) {
      req.log.warn({ method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(ms) }, 'slow request');
    } else if (everyRequest) {
      req.log.debug({ method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    }
    done();
  });
}
