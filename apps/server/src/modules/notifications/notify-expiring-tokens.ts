import type { Deps } from '../../deps.ts';
import { defineSweep } from '../../jobs/job-definition.ts';
import { composeMail } from '../mail/index.ts';
import { readPreferences } from './preferences.ts';
import { queueNotice, type NoticeDeps } from './queue-notice.ts';

/** How far ahead a member is told their tokens expire. */
export const EXPIRY_NOTICE_DAYS = 7;

/**
 * Tells members whose tokens expire within EXPIRY_NOTICE_DAYS, once per lot and expiry date:
 * the lots a mail names are recorded in token_expiry_notices in the same transaction as the
 * mail is queued, and a lot already recorded is never named again (several workers may run
 * this at once: each lot is claimed by one). Members who turned the reminder off are skipped.
 * Returns the mails queued.
 */
export async function notifyExpiringTokens(deps: NoticeDeps & Pick<Deps, 'db'>, opts: { limit?: number } = {}): Promise<number> {
  const due = await deps.db.query<{ user_id: string }>(
    `SELECT DISTINCT l.user_id FROM token_lots l
       JOIN users u ON u.id = l.user_id
       LEFT JOIN notification_preferences p ON p.user_id = l.user_id
      WHERE l.remaining > 0 AND l.expires_at > now() AND l.expires_at <= now() + make_interval(days => $1)
        AND coalesce(p.tokens_expiring, true)
        AND NOT EXISTS (SELECT 1 FROM token_expiry_notices n WHERE n.lot_id = l.id AND n.expires_at = l.expires_at)
      LIMIT $2`,
    [EXPIRY_NOTICE_DAYS, opts.limit ?? 500],
  );
  let sent = 0;
  for (const { user_id } of due.rows) {
    const queued = await deps.db.transaction((tx) =>
      queueNotice(deps, tx, user_id, async (member) => {
        if (!(await readPreferences(tx, user_id)).tokens_expiring) return undefined;
        const claimed = await tx.query<{ remaining: number; expires_at: Date }>(
          `WITH due AS (
             SELECT l.id, l.remaining, l.expires_at FROM token_lots l
              WHERE l.user_id = $1 AND l.remaining > 0 AND l.expires_at > now() AND l.expires_at <= now() + make_interval(days => $2)
           ), claimed AS (
             INSERT INTO token_expiry_notices (lot_id, expires_at) SELECT id, expires_at FROM due
             ON CONFLICT DO NOTHING RETURNING lot_id
           )
           SELECT due.remaining, due.expires_at FROM due JOIN claimed ON claimed.lot_id = due.id ORDER BY due.expires_at`,
          [user_id, EXPIRY_NOTICE_DAYS],
        );
        if (!claimed.rows.length) return undefined;
        return composeMail(deps.config, member.email, 'tokensExpiring', {
          name: member.name,
          lots: claimed.rows.map((l) => ({ remaining: l.remaining, expiresAt: l.expires_at })),
        });
      }),
    );
    if (queued) sent++;
  }
  return sent;
}

/** Hourly: a lot entering its last week is announced within the hour. */
export const notifyExpiringTokensSweep = defineSweep({
  name: 'notifications.expiring-tokens',
  everyMs: () => 60 * 60_000,
  async run(deps: Deps) {
    const sent = await notifyExpiringTokens(deps);
    if (sent) deps.log.info({ sent }, 'token expiry reminders queued');
  },
});
