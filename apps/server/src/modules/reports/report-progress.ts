import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';

/** The channel migration 239's triggers notify on; the payload is `{"id": report, "owner": member}`. */
const CHANNEL = 'assay_report_progress';

/** One open progress stream, as the process-wide watcher sees it. */
export interface ProgressWatch {
  reportId: string;
  ownerId: string;
  /** The report may have changed: read it again. */
  changed(): void;
  /** The fallback's beat (no notification is known to be missed): read it again, keep the connection alive. */
  tick(): void;
  /** The process is closing: end the stream. */
  end(): void;
}

export interface ReportProgress {
  /** Wakes `watch` when its report changes, in any process; returns the unsubscribe. */
  watch(watch: ProgressWatch): () => void;
  close(): Promise<void>;
}

/**
 * THE listener of this process for report progress (docs/decisions/241-report-progress-notify.md):
 * one LISTEN (the database's own mechanism, `db.listen`, as the public cache's content changes
 * use) fans out to the open streams of the report that moved. Nothing here reads the database; a
 * stream reads its report itself when woken, as its owner.
 *
 * `fallbackMs` is one slow beat for all streams, so a notification lost in a way the connection
 * does not report cannot leave a stream stuck. A listening connection that comes back after a loss
 * wakes every stream at once: what changed while it was down was not heard.
 */
export async function listenForReportProgress(db: Db, log: FastifyBaseLogger, fallbackMs: number): Promise<ReportProgress> {
  const byReport = new Map<string, Set<ProgressWatch>>();
  let heard = true;
  const all = () => [...byReport.values()].flatMap((s) => [...s]);

  const listener = await db.listen(CHANNEL, {
    onMessage(payload) {
      const note = parse(payload);
      if (!note) {
        log.warn({ payload }, 'unknown report progress notification');
        return;
      }
      // The owner must match too: a stream only ever hears of its own member's report.
      for (const w of byReport.get(note.id) ?? []) if (w.ownerId === note.owner) w.changed();
    },
    onListening(now) {
      const back = now && !heard;
      heard = now;
      if (back) for (const w of all()) w.changed();
    },
  });
  const beat = setInterval(() => {
    for (const w of all()) w.tick();
  }, fallbackMs);
  // The beat alone must not keep a process alive that is otherwise done.
  beat.unref();

  return {
    watch(w) {
      let set = byReport.get(w.reportId);
      if (!set) byReport.set(w.reportId, (set = new Set()));
      set.add(w);
      // Idempotent: a second call deletes nothing (and never a later stream's new set).
      return () => {
        set.delete(w);
        if (set.size === 0 && byReport.get(w.reportId) === set) byReport.delete(w.reportId);
      };
    },
    async close() {
      clearInterval(beat);
      for (const w of all()) w.end();
      byReport.clear();
      await listener.close();
    },
  };
}

function parse(payload: string): { id: string; owner: string } | undefined {
  try {
    const v = JSON.parse(payload) as unknown;
    if (v && typeof v === 'object' && 'id' in v && 'owner' in v && typeof v.id === 'string' && typeof v.owner === 'string') {
      return { id: v.id, owner: v.owner };
    }
  } catch {
    // not ours: warned about by the caller
  }
  return undefined;
}
