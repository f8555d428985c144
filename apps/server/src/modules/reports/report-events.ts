import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { findReport } from './find-report.ts';
import { toReportView, type ReportRow } from './report-view.ts';

const POLL_MS = 1000;
const HEARTBEAT_MS = 15_000;

/**
 * Progress streams one member may hold open in one process. The web app opens at most 3 per tab
 * and polls the rest, so 6 is two tabs' worth; a client holding hundreds would keep as many
 * database polls running every second (docs/decisions/060-request-text-views-and-streams.md).
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
 * Streams a report's progress as Server-Sent Events until it completes or fails. Progress is
 * read from the database, so it works whichever process runs the worker. `release` frees the
 * member's stream slot the moment the client goes away.
 */
export async function streamReportEvents(db: Db, reply: FastifyReply, first: ReportRow, release: () => void) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let closed = false;
  res.on('close', () => {
    closed = true;
    release();
  });
  let last = '';
  let lastWrite = Date.now();
  const send = (row: ReportRow) => {
    const data = JSON.stringify(toReportView(row));
    if (data === last) return;
    last = data;
    lastWrite = Date.now();
    res.write(`event: report\ndata: ${data}\n\n`);
  };
  send(first);
  let row = first;
  while (!closed && row.status === 'processing') {
    await new Promise((r) => setTimeout(r, POLL_MS));
    if (closed) break;
    row = await findReport(db, row.id, row.user_id).catch(() => row);
    send(row);
    if (Date.now() - lastWrite > HEARTBEAT_MS) {
      res.write(': keep-alive\n\n');
      lastWrite = Date.now();
    }
  }
  res.end();
  release();
}
