import type { LoggerOptions } from 'pino';

/**
 * The one logger setup of every process (HTTP server, standalone worker, tests): its level, and
 * the request headers that must never reach a log (tokens, cookies). Here rather than in app.ts so
 * the worker gets it without loading the HTTP app.
 */
export const loggerOptions = (level: string): LoggerOptions => ({
  level,
  redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
});
