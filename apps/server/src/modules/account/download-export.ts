import { ACCOUNT_MESSAGES } from '@assay/shared';
import type { Readable } from 'node:stream';
import type { Config } from '../../config/env.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { hmac, safeEqual } from '../../lib/secrets.ts';
import { hasTotp } from '../auth/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The key the mailed link carries: an HMAC of the export's id under the server's secret, so it is
 * stored nowhere and cannot be guessed. The link works without a session (a mail client opens it
 * in whatever browser), as the mailbox that receives it could reset the password anyway — unless
 * the member has a second factor, when the mailbox is not enough (see openExport).
 */
export const exportLinkKey = (config: Pick<Config, 'JWT_SECRET'>, id: string) => hmac(config.JWT_SECRET, `account-export:${id}`);

/**
 * A finished export as a stream: to its owner (`userId`) or to whoever holds the link's `key`.
 * Anything else — another member's export, a wrong key, an expired or unknown one — is not
 * found; one still being prepared is a 409 that says so.
 */
type ExportFile = { body: Readable; size: number; filename: string };
type ExportDeps = Pick<Deps, 'db' | 'blobs' | 'config'>;
export async function openExport(deps: ExportDeps, id: string, access: { userId: string }): Promise<ExportFile>;
export async function openExport(
  deps: ExportDeps,
  id: string,
  access: { key: string | undefined },
): Promise<ExportFile | { signInRequired: true }>;
export async function openExport(
  deps: ExportDeps,
  id: string,
  access: { userId: string } | { key: string | undefined },
): Promise<ExportFile | { signInRequired: true }> {
  const gone = notFound(ACCOUNT_MESSAGES.exportNotFound, 'export_not_found');
  if (!UUID.test(id)) throw gone;
  const r = await deps.db.query<{
    user_id: string;
    status: string;
    blob_key: string | null;
    byte_size: string | null;
    file_name: string | null;
  }>(`SELECT user_id, status, blob_key, byte_size, file_name FROM account_exports WHERE id = $1 AND expires_at > now()`, [id]);
  const row = r.rows[0];
  const allowed =
    row && ('userId' in access ? row.user_id === access.userId : !!access.key && safeEqual(access.key, exportLinkKey(deps.config, id)));
  if (!row || !allowed || row.status === 'failed') throw gone;
  // With a second factor on, the mailbox alone is not enough (decision 190): the link leads to the
  // profile, where the signed-in member downloads it.
  if (!('userId' in access) && (await hasTotp(deps.db, row.user_id))) return { signInRequired: true };
  if (row.status !== 'ready' || !row.blob_key) throw conflict(ACCOUNT_MESSAGES.exportNotReady, 'export_not_ready');
  const file = await deps.blobs.get(row.blob_key);
  if (!file) throw gone;
  return { body: file.body, size: file.size ?? Number(row.byte_size), filename: row.file_name! };
}
