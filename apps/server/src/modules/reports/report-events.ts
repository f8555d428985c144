import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { findReport } from './find-report.ts';
import { toReportView, type ReportRow } from './report-view.ts';
import type { ReportProgress } from './report-progress.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Progress streams one member may hold open in one process. The web app opens at most 3 per tab
 * and polls the rest, so 6 is two tabs' worth; a client holding hundreds would hold as many
 * sockets and reads on every change (docs/decisions/060-request-text-views-and-streams.md).
 */
export const MAX_STREAMS_PER_MEMBER = 6;

export type StreamSlots = ReturnType<typeof createStreamSlots>;

/** Counts each member's open streams in this process. */
export function createStreamSlots(limit = MAX_STREAMS_PER_MEMBER) {
  const open = new Map<string, number>();
  return {
    /** A slot's release (safe to call twice), or undefined when the member already holds `limit`. */
    take(memberId: string): (() => void) | undefined {
      const held = open.get(memberId) ?? 0;
      if (held >= limit) return undefined;
      open.set(memberId, held + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(memberId) ?? 1) - 1;
        if (left > 0) open.set(memberId, left);
        else open.delete(memberId);
      };
    },
  };
}

/**
 * Streams a report's progress as Server-Sent Events until it completes or fails. The report is
 * read again whenever `progress` says it changed (a notification from whichever process wrote
 * it) or on its slow fallback beat; never on a timer of the stream's own. Reads are one at a time:
 * changes arriving during a read make one more read after it. `release` frees the member's stream
 * slot the moment the client goes away.
 */
export async function streamReportEvents(db: Db, progress: ReportProgress, reply: FastifyReply, first: ReportRow, release: () => void) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let last = '';
  // Whether anything went out since the last beat: a quiet stream gets a comment line then, so
  // proxies and browsers do not take it for a dead connection.
  let quiet = false;
  const send = (row: ReportRow) => {
    const data = JSON.stringify(toReportView(row));
    if (data === last) return;
    last = data;
    quiet = false;
    res.write(`event: report\ndata: ${data}\n\n`);
  };
  send(first);
  if (first.status !== 'processing') {
    res.end();
    release();
    return;
  }

  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    unwatch();
    release();
    if (!res.writableEnded) res.end();
  };
  let reading = false;
  let again = false;
  const read = async () => {
    if (ended) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    do {
      again = false;
      try {
        const row = await findReport(db, first.id, first.user_id);
        if (ended) break;
        send(row);
        if (row.status !== 'processing') end();
      } catch (err) {
        // Deleted (or no longer this member's): nothing more to show. A failed read waits for the next wake.
        if (err instanceof AppError && err.status === 404) end();
      }
    } while (again && !ended);
    reading = false;
  };
  const unwatch = progress.watch({
    reportId: first.id,
    ownerId: first.user_id,
    changed: () => void read(),
    tick: () => {
      if (quiet && !ended) res.write(': keep-alive\n\n');
      quiet = true;
      void read();
    },
    end,
  });
  res.on('close', end);
  if (res.destroyed) end();
  // A change between the route's read and the watch would otherwise wait for the fallback.
  await read();
}
