import { formatDay, REPORT_MESSAGES, type CreateShareLinkRequest, type ShareLink } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { isUuid } from '../../lib/sql.ts';
import { findReport } from './find-report.ts';
import { renderShareCopy } from './render-share-copy.ts';
import { loadVersionForRender } from './version-render-input.ts';

/** The viewer's address: the token is the only secret, and it is shown once. */
export const shareUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}/r/${token}`;

/** The line printed on every page of a shared copy. */
export const watermarkFor = (label: string, at: Date) => `Shared with ${label} · ${formatDay(at, 'UTC')} · not for onward distribution`;

/**
 * A share link for one version of the member's report: a 256-bit token (base64url, 43
 * characters) of which only the SHA-256 is kept, an optional expiry and passcode (scrypt), and a
 * copy of the version's PDF with the recipient's name on every page, rendered once now, on a
 * render worker thread (the request waits for it; the event loop does not).
 */
export async function createShareLink(
  deps: Pick<Deps, 'db' | 'blobs' | 'config'>,
  reportId: string,
  userId: string,
  input: CreateShareLinkRequest,
): Promise<{ id: string; url: string }> {
  const report = await findReport(deps.db, reportId, userId);
  const n = input.version ?? report.version;
  const loaded = await loadVersionForRender(deps.db, report.id, n);
  if ('missing' in loaded)
    throw loaded.missing === 'version' && n !== 0
      ? notFound(REPORT_MESSAGES.versionNotFound)
      : conflict(REPORT_MESSAGES.notReady, 'not_ready');

  const token = randomToken(32);
  const id = crypto.randomUUID();
  const pdf = await renderShareCopy(deps.config, { ...loaded.input, watermark: watermarkFor(input.label, new Date()) });
  const key = `shares/${id}.pdf`;
  await deps.blobs.put(key, pdf, 'application/pdf');
  const passcode = input.passcode ? await hashPassword(input.passcode, deps.config.PASSWORD_HASH_COST) : null;
  try {
    await deps.db.query(
      `INSERT INTO report_share_links (id, report_id, version, token_sha256, label, expires_at, passcode_hash, pdf_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, report.id, n, sha256(token), input.label, input.expires_at ?? null, passcode, key],
    );
  } catch (err) {
    await deps.blobs.delete(key).catch(() => undefined);
    throw err;
  }
  return { id, url: shareUrl(deps.config.PUBLIC_URL, token) };
}

/** The member's links for a report, newest first, with their views (never a URL: the token is not kept). */
export async function listShareLinks(deps: Pick<Deps, 'db'>, reportId: string, userId: string): Promise<{ links: ShareLink[] }> {
  const report = await findReport(deps.db, reportId, userId);
  const r = await deps.db.query<{
    id: string;
    label: string;
    version: number;
    created_at: Date;
    expires_at: Date | null;
    has_passcode: boolean;
    views: number;
    last_viewed_at: Date | null;
    revoked: boolean;
    expired: boolean;
  }>(
    `SELECT id, label, version, created_at, expires_at, passcode_hash IS NOT NULL AS has_passcode, views, last_viewed_at,
            revoked_at IS NOT NULL AS revoked, expires_at IS NOT NULL AND expires_at <= now() AS expired
       FROM report_share_links WHERE report_id = $1 ORDER BY created_at DESC, id LIMIT 200`,
    [report.id],
  );
  return {
    links: r.rows.map((l) => ({
      id: l.id,
      label: l.label,
      version: l.version,
      created_at: l.created_at.toISOString(),
      expires_at: l.expires_at?.toISOString() ?? null,
      has_passcode: l.has_passcode,
      views: l.views,
      last_viewed_at: l.last_viewed_at?.toISOString() ?? null,
      state: l.revoked ? 'revoked' : l.expired ? 'expired' : 'active',
    })),
  };
}

/** Revokes one of the member's links (a repeat changes nothing); another member's is a 404. */
export async function revokeShareLink(deps: Pick<Deps, 'db'>, reportId: string, linkId: string, userId: string): Promise<void> {
  const report = await findReport(deps.db, reportId, userId);
  if (!isUuid(linkId)) throw notFound(REPORT_MESSAGES.shareNotFound);
  const r = await deps.db.query(
    'UPDATE report_share_links SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 AND report_id = $2 RETURNING id',
    [linkId, report.id],
  );
  if (!r.rows.length) throw notFound(REPORT_MESSAGES.shareNotFound);
}
