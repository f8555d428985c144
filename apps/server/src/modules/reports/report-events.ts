import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { findReport } from './find-report.ts';
import { toReportView, type ReportRow } from './report-view.ts';

const POLL_MS = 1000;
const HEARTBEAT_MS = 15_000;

/**
 * Streams a report's progress as Server-Sent Events until it completes or fails. Progress is
 * read from the database, so it works whichever process runs the worker.
 */
export async function streamReportEvents(db: Db, req: FastifyRequest, reply: FastifyReply, first: ReportRow) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let closed = false;
  req.raw.on('close', () => {
    closed = true;
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
}
