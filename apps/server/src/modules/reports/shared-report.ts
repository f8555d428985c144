import { REPORT_MESSAGES, type SharedReport } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { assertUnderLimits, countHit, type FailureLimit } from '../../lib/rate-limit.ts';
import { sha256 } from '../../lib/secrets.ts';

interface LinkRow {
  id: string;
  label: string;
  version: number;
  expires_at: Date | null;
  passcode_hash: string | null;
  pdf_key: string;
  title: string;
}

/** Wrong passcodes per link and address: 10 in 15 minutes. Per address, so a stranger guessing locks out only themself. */
const PASSCODE_TRIES = 10;
const PASSCODE_WINDOW_SECONDS = 15 * 60;

/**
 * A live link by its token: unknown, revoked and expired links (and a deleted report's, gone with
 * it) are one 404, so a viewer learns nothing about which. The token is looked up by its hash.
 */
async function liveLink(deps: Pick<Deps, 'db'>, token: string): Promise<LinkRow> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound(REPORT_MESSAGES.shareNotFound);
  const r = await deps.db.query<LinkRow>(
    `SELECT l.id, l.label, l.version, l.expires_at, l.passcode_hash, l.pdf_key, r.title
       FROM report_share_links l JOIN reports r ON r.id = l.report_id
      WHERE l.token_sha256 = $1 AND l.revoked_at IS NULL AND (l.expires_at IS NULL OR l.expires_at > now())`,
    [sha256(token)],
  );
  if (!r.rows[0]) throw notFound(REPORT_MESSAGES.shareNotFound);
  return r.rows[0];
}

/** What the viewer shows before the PDF: no view is counted. */
export async function readSharedReport(deps: Pick<Deps, 'db'>, token: string): Promise<SharedReport> {
  const l = await liveLink(deps, token);
  return {
    title: l.title,
    label: l.label,
    version: l.version,
    needs_passcode: l.passcode_hash !== null,
    expires_at: l.expires_at?.toISOString() ?? null,
  };
}

/** The watermarked copy, after the passcode if there is one; each delivery counts one view. */
export async function openSharedPdf(deps: Pick<Deps, 'db' | 'blobs'>, token: string, passcode: string | undefined, ip: string) {
  const l = await liveLink(deps, token);
  if (l.passcode_hash) {
    // The link's id, never its token, names the counter: rate-limit keys are not secrets.
    const limits: FailureLimit[] = [{ key: `share-passcode:${l.id}:${ip}`, limit: PASSCODE_TRIES, windowSeconds: PASSCODE_WINDOW_SECONDS }];
    await assertUnderLimits(deps.db, limits);
    if (!passcode) throw new AppError(403, REPORT_MESSAGES.sharePasscodeRequired, 'passcode_required'); // not 401: a signed-in viewer keeps their session (decision 170)
    if (!(await verifyPassword(passcode, l.passcode_hash))) {
      await countHit(deps.db, limits);
      throw new AppError(403, REPORT_MESSAGES.sharePasscodeWrong, 'passcode_wrong');
    }
  }
  const file = await deps.blobs.get(l.pdf_key);
  if (!file) throw notFound(REPORT_MESSAGES.shareNotFound);
  await deps.db.query('UPDATE report_share_links SET views = views + 1, last_viewed_at = now() WHERE id = $1', [l.id]);
  return { ...file, title: l.title };
}
