import { reportsEndpoints, type Report } from '@assay/shared';
import { ApiError, callRaw } from '../../../lib/api.ts';
import { createSseParser } from './sse.ts';

/** The stream could not be opened (or broke); the caller falls back to polling. */
export class StreamUnavailableError extends Error {
  constructor(readonly status?: number) {
    super(status ? `event stream answered ${status}` : 'event stream unavailable');
  }
}

/**
 * GET /reports/{id}/events: follows a report's progress over Server-Sent Events. EventSource
 * cannot send the bearer header, so the stream is read through the API client (callRaw: a 401
 * refreshes the session once and reopens). Resolves when the server ends the stream (the report
 * completed or failed, or the connection was closed); rejects with StreamUnavailableError if it
 * cannot be read.
 */
export async function streamReportEvents(id: string, onReport: (report: Report) => void, signal: AbortSignal): Promise<void> {
  let res: Response;
  try {
    res = await callRaw(reportsEndpoints.events, { params: { id }, signal });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new StreamUnavailableError(err instanceof ApiError ? err.status : undefined);
  }
  if (!res.body) throw new StreamUnavailableError(res.status);

  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        if (signal.aborted) throw err;
        throw new StreamUnavailableError();
      }
      if (chunk.done) break;
      for (const ev of parser.push(decoder.decode(chunk.value, { stream: true }))) {
        if (ev.event !== 'report') continue;
        let report: Report;
        try {
          report = JSON.parse(ev.data) as Report;
        } catch {
          continue;
        }
        onReport(report);
      }
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
