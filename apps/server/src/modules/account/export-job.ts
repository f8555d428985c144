import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { defineJob, defineSweep } from '../../jobs/job-definition.ts';
import { composeMail, queueMail } from '../mail/index.ts';
import { buildArchive } from './export-account.ts';
import { hasTotp } from '../auth/index.ts';
import { exportLinkKey } from './download-export.ts';

export const exportBlobKey = (id: string) => `exports/${id}.zip`;

/**
 * Builds a member's data export off the request path (docs/decisions/181-heavy-work-off-the-event-loop.md):
 * the zip is streamed into the blob store as it is written (one stored file open at a time, one
 * upload part in memory), then the export is marked ready and the member mailed a link, in one
 * transaction. A retry builds it again from the start and overwrites the same key; after the last
 * try the export is marked failed and the member told.
 */
export const buildExportJob = defineJob({
  name: 'account.export',
  payload: z.object({ export_id: z.uuid() }),
  policy: () => ({ retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 30 * 60, concurrency: 1 }),
  start(deps: Pick<Deps, 'db' | 'blobs' | 'queue' | 'config' | 'log'>) {
    return {
      async handle(job) {
        const r = await deps.db.query<{ user_id: string; email: string; name: string; expires_at: Date }>(
          `SELECT e.user_id, u.email, u.name, e.expires_at FROM account_exports e JOIN users u ON u.id = e.user_id
            WHERE e.id = $1 AND e.status = 'preparing'`,
          [job.data.export_id],
        );
        const row = r.rows[0];
        if (!row) return;
        try {
          const key = exportBlobKey(job.data.export_id);
          const { stream, filename } = await buildArchive(deps, row.user_id);
          const { size } = await deps.blobs.putStream(key, stream, 'application/zip');
          const link = `${deps.config.PUBLIC_URL}/api/account-exports/${job.data.export_id}?key=${exportLinkKey(deps.config, job.data.export_id)}`;
          // With two-factor sign-in on, the link leads to the signed-in profile (decision 190).
          const signInFirst = await hasTotp(deps.db, row.user_id);
          const stored = await deps.db.transaction(async (tx) => {
            const ready = await tx.query(
              `UPDATE account_exports SET status = 'ready', blob_key = $2, byte_size = $3, file_name = $4, ready_at = now()
                WHERE id = $1 AND status = 'preparing'`,
              [job.data.export_id, key, size, filename],
            );
            if (ready.rowCount !== 1) return false;
            await queueMail(
              deps.queue,
              tx,
              composeMail(deps.config, row.email, 'dataExportReady', {
                name: row.name,
                bytes: size,
                link,
                expiresAt: row.expires_at,
                signInFirst,
              }),
            );
            return true;
          });
          // The account was deleted while the zip was written: the file must not outlive it.
          if (!stored) return await deps.blobs.delete(key);
          deps.log.info({ export: job.data.export_id, bytes: size }, 'data export ready');
        } catch (err) {
          if (job.retryCount < job.retryLimit) throw err;
          deps.log.error({ err, export: job.data.export_id }, 'data export failed');
          await deps.db.transaction(async (tx) => {
            await tx.query(`UPDATE account_exports SET status = 'failed' WHERE id = $1 AND status = 'preparing'`, [job.data.export_id]);
            await queueMail(deps.queue, tx, composeMail(deps.config, row.email, 'dataExportFailed', { name: row.name }));
          });
        }
      },
    };
  },
});

/** Deletes expired exports: their files, then their rows. Idempotent (several workers may run it). */
export const purgeExpiredExportsSweep = defineSweep({
  name: 'account.purge-expired-exports',
  everyMs: () => 15 * 60_000,
  runAtStart: true,
  async run(deps: Pick<Deps, 'db' | 'blobs'>) {
    const r = await deps.db.query<{ id: string }>(`SELECT id FROM account_exports WHERE expires_at < now() ORDER BY expires_at LIMIT 500`);
    for (const { id } of r.rows) {
      await deps.blobs.delete(exportBlobKey(id));
      await deps.db.query('DELETE FROM account_exports WHERE id = $1', [id]);
    }
  },
});
